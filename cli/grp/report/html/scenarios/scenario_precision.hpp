// The precision scenario: each summation method's value and relative error, per data set.
#pragma once

#include "grp/report/html/scenarios/scenario_parts.hpp"

namespace grp::html::detail {

/// precision: each summation method's value and relative error per data set, as a table.
std::string scenario_precision(const report_input& in, const case_list& cases);

} // namespace grp::html::detail
