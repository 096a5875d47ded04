// Section "Fleet": for each profile merged from the shards of a sweep, every card's level from
// the anchor cases with its interval, outliers marked, and the fleet view's lines
// (text/fleet_text.hpp).
#pragma once

#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// Fleet: one row per card of every sharded profile; "" when no profile has a fleet.
std::string section_fleet(const std::vector<report_input>& inputs);

} // namespace grp::html
