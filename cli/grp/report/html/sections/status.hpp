// Section "Verification": every case's status; the ones that are not ok listed with reasons.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// Verification: counts per status for every profile, and every case that is not ok with its
/// reason and errors, wrong ones highlighted.
std::string section_status(const std::vector<report_input>& inputs);

} // namespace grp::html
