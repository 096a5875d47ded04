// Section "Throughput": per kernel family, GB/s (and elements/s) against work-group size, one
// chart for all profiles.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// Per kernel family, type, n and device model, once for all profiles: GB/s against local size,
/// one series per kernel (and profile), p5–p95 error bars, the measured peak as a reference
/// line and, for one profile, elements/s on a second axis (or chart). Where every case ran at
/// one local size, horizontal bars per kernel (one per profile) instead. "" when nothing ran.
std::string section_throughput(const std::vector<report_input>& inputs);

} // namespace grp::html
