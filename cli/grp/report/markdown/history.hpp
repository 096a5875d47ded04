// `history --markdown`: a CI job summary (GitHub's $GITHUB_STEP_SUMMARY) with the findings
// first, as a table with the range to bisect, then the census, the events and the files
// skipped. Every profile string through markdown_escape.
#pragma once

#include "grp/model/history/findings.hpp"

#include <string>
#include <vector>

namespace grp {

std::string history_markdown(const history_result& r, const history_options& opt,
                             const std::vector<skipped_source>& skipped);

} // namespace grp
