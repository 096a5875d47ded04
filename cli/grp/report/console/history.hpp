// `history` on the terminal: the findings first (failing ones first, each with the range to
// bisect and its evidence), then the census, the events that stayed out of the series, the
// files skipped and what the ordering lacked. Every string from a profile is escaped for the
// terminal.
#pragma once

#include "grp/model/history/findings.hpp"

#include <ostream>
#include <vector>

namespace grp {

void print_history(std::ostream& out, const history_result& r, const history_options& opt,
                   const std::vector<skipped_source>& skipped);

} // namespace grp
