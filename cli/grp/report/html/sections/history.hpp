// `history --html`: the findings as a table, then one small trend chart per series (its points
// as times with ±2 standard errors, one colour per level between the steps found, a failing
// series' chart first), each with its events (wrong, unsafe, failed, disturbed, dirty) listed
// under it; the census below. Every profile string through the chart and table writers'
// escaping.
#pragma once

#include "grp/model/history/findings.hpp"

#include <string>

namespace grp::html {

/// The page's body sections (not a whole page: render_page wraps them).
std::string history_sections(const history_result& r, const history_options& opt);

} // namespace grp::html
