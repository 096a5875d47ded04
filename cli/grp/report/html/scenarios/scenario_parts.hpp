// What the scenario renderers behind section_scenarios share (internal to scenarios/*.cpp):
// the list of a scenario's cases. The renderers are declared beside their sources:
// scenario_wg.hpp (wg-probe, barrier), scenario_precision.hpp, and the generic one for any
// other scenario in scenarios.hpp.
#pragma once

#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html::detail {

using case_list = std::vector<const case_result*>;

} // namespace grp::html::detail
