// The words and the table of compare's work gate (model/compare/work_gate.hpp) that the console
// and markdown printers share, and the headline JSON carries too: the PASS/FAIL line with the
// count of each verdict, each count on both sides with its change, the notes of the cases that
// have one, and what counts cannot see. Text only: each printer escapes for its output.
#pragma once

#include "grp/model/compare/work_gate.hpp"
#include "grp/report/text/table.hpp"

#include <ostream>
#include <string>

namespace grp {

/// What counts cannot see, said under every work table.
extern const char* const work_caveat;

/// "PASS: 3 same-work, 0 more-work, 1 less-work, 1 unsafe (threshold 1%)": the verdicts counted
/// (the rarer ones only when present) and the threshold.
std::string work_headline(const work_comparison& w);

/// One row per case: its key, its verdict (red when it fails and `colour`) and each count as
/// "base -> candidate (+x.x%)", or the count alone when unchanged.
text_table work_table(const work_comparison& w, bool colour);

/// One line per case with a note (a finding, or why it was not judged), added cases aside:
/// `bullet` then "key: verdict: note", escaped for the terminal.
void print_work_notes(std::ostream& os, const work_comparison& w, const char* bullet);

} // namespace grp
