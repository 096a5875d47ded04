// Section "Throughput": per kernel family, GB/s (and elements/s) against work-group size.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// Per kernel family: GB/s against local size, one series per kernel, p5–p95 error bars, the
/// measured peak as a reference line and elements/s on a second axis (or chart).
/// `tag` is "" for a single profile, else profile_tag(i).
std::string section_throughput(const report_input& in, const std::string& tag);

} // namespace grp::html
