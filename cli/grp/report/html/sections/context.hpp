// Section "Devices and run context": what ran where, with the measured peak bandwidth, and
// with several profiles a table of the context fields that differ between them.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// "P1", "P2", …: short names for the profiles, in command-line order.
std::string profile_tag(std::size_t index);

/// Devices (facts and measured peak) and run context (tool, host, times, settings) of every
/// profile; warns about incomplete profiles.
std::string section_context(const std::vector<report_input>& inputs);

} // namespace grp::html
