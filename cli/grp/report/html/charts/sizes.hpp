// Section "Throughput against problem size": when a sweep has several sizes, per kernel family
// and type the best GB/s of each kernel at each n (over its local sizes) on a log2 axis of n,
// with the device's measured peak as a line: where the caches stop helping and where the
// launch overhead stops dominating.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// When a sweep has several sizes: per family and type, each kernel's best GB/s at each n on a
/// log2 axis, with the measured peak as a line.
std::string section_sizes(const report_input& in, const std::string& tag);

} // namespace grp::html
