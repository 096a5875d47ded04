// Section "Scenarios": dispatch to the specific renderers; the generic one for the rest.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/html/scenarios/scenario_parts.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// The built-in scenarios (wg-probe, barrier, precision) specifically, any other generically
/// (summary facts and a table of each case's scenario facts).
std::string section_scenarios(const report_input& in, const std::string& tag);

} // namespace grp::html

namespace grp::html::detail {

/// Any scenario: throughput and status per case plus its `extra` facts as columns.
std::string scenario_generic(const report_input& in, const case_list& cases);

/// profile::scenarios[name] as a key/value table ("" when absent or empty).
std::string scenario_summary(const profile& p, const std::string& name);

} // namespace grp::html::detail
