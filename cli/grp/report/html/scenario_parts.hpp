// The scenario renderers behind section_scenarios (internal to html_scenario*.cpp): one per
// built-in scenario that knows its facts, and a generic one for any other, which shows every
// case's `extra` facts as table columns so new scenarios render before anyone writes a view.
#pragma once

#include "grp/report/html/data.hpp"

#include <string>
#include <vector>

namespace grp::html::detail {

using case_list = std::vector<const case_result*>;

/// wg-probe: work-items/s per local size as bars, one chart per device and kernel, the knee
/// (from profile::scenarios["wg-probe"].knee, else the device's simd_width_estimate) marked.
std::string scenario_wg_probe(const report_input& in, const case_list& cases);

/// barrier: how often the barrier-less kernel was wrong, per local size, as bars and a table.
std::string scenario_barrier(const report_input& in, const case_list& cases);

/// precision: each summation method's value and relative error per data set, as a table.
std::string scenario_precision(const report_input& in, const case_list& cases);

/// Any scenario: throughput and status per case plus its `extra` facts as columns.
std::string scenario_generic(const report_input& in, const case_list& cases);

/// profile::scenarios[name] as a key/value table ("" when absent or empty).
std::string scenario_summary(const profile& p, const std::string& name);

} // namespace grp::html::detail
