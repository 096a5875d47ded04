// Printers of comparisons (like google/benchmark's print_difference_report): a console table
// worst first with colour only when asked (the command asks on a terminal), GitHub-flavoured
// markdown for a CI job summary or a pull-request comment, JSON of the whole comparison and
// CSV (one row per case) for scripts. Inconclusive and unmeasured cases are counted and listed
// above the table. One comparison prints as a case table; several candidates as a matrix of
// cases x candidates against the base. Every string from a profile is escaped for its output
// (control characters on a terminal, markup in markdown). Nothing is decided here.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

namespace grp {

/// Console output: the context that differs, what could not be decided, the table, a verdict
/// line (the warnings are the caller's to print, on stderr).
/// Precondition: `all` is not empty; each element compares the same base with one candidate.
void print_comparisons(std::ostream& os, const std::vector<comparison>& all, bool colour);

/// Markdown: a PASS/FAIL heading, context and warnings, the undecided cases, the changed cases
/// and, folded under <details>, the unchanged ones. Same precondition.
void print_comparisons_markdown(std::ostream& os, const std::vector<comparison>& all);

/// {"tool", "base", "failed", "failures", "comparisons": [...]}: every field of every case,
/// null where a number is unknown (never NaN).
nlohmann::ordered_json comparisons_to_json(const std::vector<comparison>& all);

/// One row per case and candidate, with a header; columns documented in README.
void print_comparisons_csv(std::ostream& os, const std::vector<comparison>& all);

/// The one-line verdict: "3 cases: 1 slower, 2 same. FAIL: 1 case fails (fail on ...)".
std::string summary_line(const comparison& c);

} // namespace grp
