// The causes of a comparison's slower cases in words (model/compare/slow_cause.hpp), shared by
// the console and markdown printers: which check profiles they came from, then one line per
// slower case, named as the case table names it. Text only: each printer escapes for its output.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <string>
#include <vector>

namespace grp {

/// "causes from check profiles a.check.json (base) and b.check.json (candidate), found beside
/// the timed profiles" ("none" for a side without one); "" when `c` has no check profiles.
std::string cause_sources_line(const comparison& c);

/// One "CASE: CAUSE" line per slower case of `c` that has a cause, worst first as the table.
std::vector<std::string> cause_lines(const comparison& c);

} // namespace grp
