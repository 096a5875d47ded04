// A duet's cases, one row each (#71 item 5): base, candidate, change, interval, verdict and what
// the two A/A controls read at the same sweep point. The console's short duet and the markdown
// summary both draw it; each printer escapes for its output. Nothing is decided here.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/text/table.hpp"

#include <string>
#include <vector>

namespace grp {

/// Whether `all` is a duet's: one of its comparisons is an A/A control.
bool is_duet_comparison(const std::vector<comparison>& all);

/// Where a row stands in the sweep, whichever duet instance its key names: the base's control
/// (base:k against control:k), the candidate's twin (k against twin:k) and the candidate
/// (base:k against k) of one sweep point read alike.
std::string duet_point_of(const comparison& c, const case_comparison& cc);

/// A duet's controls at one sweep point: "ok" when every control read same there, else each
/// other control's role, change and verdict ("not same: twin +1.4% inconclusive"); "-" without
/// a control case there.
std::string duet_controls_cell(const std::vector<comparison>& all, const std::string& point);

/// One row per candidate case of a duet. With `safe_terminal` every profile string is escaped
/// for a terminal; otherwise the caller's writer escapes (markdown).
text_table duet_case_table(const std::vector<comparison>& all, bool safe_terminal);

} // namespace grp
