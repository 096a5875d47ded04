// The markdown summary's "Simulator findings" table, for profiles written by `check`: each
// distinct finding once per kernel (views/findings.hpp) with its source line.
#pragma once

#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp {

/// Empty when no profile has a finding.
std::string markdown_findings(const std::vector<html::report_input>& inputs);

} // namespace grp
