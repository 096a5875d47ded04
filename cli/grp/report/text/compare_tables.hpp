// The tables of a comparison that the console and the markdown printers both draw: one row
// per case (base, candidate, change, interval, verdict) or, with several candidates, a matrix
// of cases x candidates; the one-line verdict; and the cases nobody may overlook. Text only:
// each printer escapes for its output. Nothing is decided here.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/text/table.hpp"

#include <string>
#include <vector>

namespace grp {

/// Which rows a case table holds: every case, the changed ones, or the unchanged ones.
enum class rows { all, changed, unchanged };

/// The columns of a one-row-per-case table: case, base, candidate, change, the interval at
/// `alpha`, verdict, and `last` ("note", or a duet's "controls").
text_table case_table_columns(double alpha, const std::string& last);

/// The row of `cc` (a case of `c`) for case_table_columns, with `label` and `last` as given
/// (already escaped as the caller's output needs).
std::vector<text_table::cell> case_table_row(const comparison& c, const case_comparison& cc,
                                             const std::string& label, const std::string& last);

/// One row per case of one comparison. With `safe_terminal` every profile string is escaped for
/// a terminal (control characters); otherwise the caller's writer escapes (markdown).
text_table pair_table(const comparison& c, rows which, bool safe_terminal);

/// Cases x candidates against one base: change and verdict per cell.
text_table matrix_table(const std::vector<comparison>& all, bool safe_terminal);

/// Failing cases over every candidate.
std::size_t total_failures(const std::vector<comparison>& all);

/// The full notes the case table shortened (note_label) of the cases undecided() does not
/// list: "KEY: note", once each, for under the table.
std::vector<std::string> long_notes(const comparison& c);

/// The cases nobody may overlook: undecided (inconclusive, biased) and unmeasured, with the
/// reason.
std::vector<std::string> undecided(const comparison& c);

/// The one-line verdict: "3 cases: 1 slower, 2 same. FAIL: 1 case fails (fail on ...)";
/// BIASED when a duet's control kept cases from being judged; NOT GATED when timing could only be
/// read across devices (not_gated_headline, compare_lines.hpp); UNDECIDED instead of PASS when
/// timing judged no case, a PASS naming the undecided cases when it judged some but not all
/// (undecided_headline); a control's own line says whether
/// it read same (control_headline).
std::string summary_line(const comparison& c);

/// A duet's A/A control: "same in every case, no bias seen", or where it was not.
std::string control_headline(const comparison& c);

/// For a comparison with no failing case whose timing was not judged for every case
/// (comparison::undecided): "UNDECIDED: timing judged for 0 of 4 cases" when it judged none
/// (compare exits 8), else "PASS: no regression in the 3 judged cases; 1 of 4 undecided: KEY"
/// (compare exits 0, so the headline is a PASS that names what it left undecided).
std::string undecided_headline(const comparison& c);

} // namespace grp
