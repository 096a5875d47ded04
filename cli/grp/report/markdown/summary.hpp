// The markdown summary of one or more profiles, for a README or a CI job summary
// ($GITHUB_STEP_SUMMARY): devices with their measured peak, verification counts, the best case
// per kernel family, the kernel x local-size matrices with the host baseline, the scenarios'
// findings (wg-probe knee, barrier wrong runs, precision),
// the cases that are not ok, and with several profiles the verdicts against the first. GitHub
// flavoured markdown; every profile string goes through markdown_escape.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/case_matrix.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp {

/// The whole summary. Precondition: `inputs` is not empty. `generator` names the tool version
/// in the closing line ("" to leave it out); `opt` decides the verdicts between profiles.
/// `cells` chooses what the kernel x local-size matrices show.
std::string render_markdown_summary(const std::vector<html::report_input>& inputs,
                                    const std::string& generator, const compare_options& opt = {},
                                    cell_value cells = cell_value::time);

} // namespace grp
