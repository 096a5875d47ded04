// Section "All cases": one sortable, filterable table of every case of every profile.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// Every case of every profile in one sortable, filterable table.
std::string section_cases(const std::vector<report_input>& inputs);

} // namespace grp::html
