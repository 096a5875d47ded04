// Section "Throughput, profiles overlaid": with several profiles, the throughput charts of the
// same kernel family, type and n (on the same device model) drawn as one chart, a line per
// profile and kernel, so a change or another machine shows as lines that part.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// With several profiles: the throughput charts of the same family, type, n and device model
/// overlaid, a line per profile and kernel. "" for one profile.
std::string section_overlay(const std::vector<report_input>& inputs);

} // namespace grp::html
