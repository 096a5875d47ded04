// The HTML report's "Best configuration" section: the rows of report/text/best_table.hpp.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// The best verified configuration (kernel, local size, tuning parameters) per device, type,
/// layout, n and operator of every tuned profile; "" when no profile is tuned.
std::string section_best_configs(const std::vector<report_input>& inputs);

} // namespace grp::html
