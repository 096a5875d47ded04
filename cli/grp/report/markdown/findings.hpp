// The markdown summary's "Simulator findings" table, for profiles written by `check`: each
// distinct finding once per kernel (views/findings.hpp) with its source line; and its "Memory
// access" table, each case's access metrics (views/access_view.hpp).
#pragma once

#include "grp/model/access/time_estimate.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp {

/// Empty when no profile has a finding.
std::string markdown_findings(const std::vector<html::report_input>& inputs);
/// Empty when no profile has access metrics.
std::string markdown_access(const std::vector<html::report_input>& inputs);
/// report --estimate-for: each checked case's estimate on `d` (read from `source`), a table
/// per check profile; empty when no input is one.
std::string markdown_estimate(const std::vector<html::report_input>& inputs,
                              const estimate_device& d, const std::string& source);

} // namespace grp
