// Section "Findings": for profiles written by `check`, each distinct simulator finding once per
// kernel (views/findings.hpp) with its kind, the local sizes, the occurrences and the source
// lines quoted; section "Memory access": each case's access metrics (views/access_view.hpp).
#pragma once

#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// Empty when no profile has a finding.
std::string section_findings(const std::vector<report_input>& inputs);
/// Empty when no profile has access metrics.
std::string section_access(const std::vector<report_input>& inputs);

} // namespace grp::html
