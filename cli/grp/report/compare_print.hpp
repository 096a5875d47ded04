// Printers of comparisons (like google/benchmark's print_difference_report): a console table
// worst first with colour only when asked (the command asks on a terminal), GitHub-flavoured
// markdown for a CI job summary or a pull-request comment, and JSON of the whole comparison for
// scripts. One comparison prints as a case table; several (three or more profiles) as a matrix
// of cases × profiles against the first. The data comes from model/compare; nothing is decided
// here.
#pragma once

#include "grp/model/compare.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

namespace grp {

/// Console output: options, context differences, warnings, the table and a verdict line.
/// Precondition: `all` is not empty; each element compares the same base with one candidate.
void print_comparisons(std::ostream& os, const std::vector<comparison>& all, bool colour);

/// Markdown: a PASS/FAIL heading, context, the changed cases and, folded under <details>, the
/// unchanged ones. Same precondition.
void print_comparisons_markdown(std::ostream& os, const std::vector<comparison>& all);

/// {"tool", "base", "failed", "failures", "comparisons": [...]}: every field of every case,
/// null where a number is unknown (never NaN).
nlohmann::ordered_json comparisons_to_json(const std::vector<comparison>& all);

/// The one-line verdict: "3 cases: 1 slower, 2 same. FAIL: 1 regression (fail on ...)".
std::string summary_line(const comparison& c);

} // namespace grp
