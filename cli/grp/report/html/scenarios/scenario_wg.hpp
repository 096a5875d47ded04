// The wg-probe and barrier scenarios: bars per work-group size.
#pragma once

#include "grp/report/html/scenarios/scenario_parts.hpp"

namespace grp::html::detail {

/// wg-probe: work-items/s per local size as bars, one chart per device and kernel, the knee
/// (from profile::scenarios["wg-probe"].knee, else the device's simd_width_estimate) marked.
std::string scenario_wg_probe(const report_input& in, const case_list& cases);

/// barrier: how often the barrier-less kernel was wrong, per local size, as bars and a table.
std::string scenario_barrier(const report_input& in, const case_list& cases);

} // namespace grp::html::detail
