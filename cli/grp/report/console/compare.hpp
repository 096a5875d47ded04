// The console printer of comparisons (like google/benchmark's print_difference_report): the
// context that differs, what could not be decided, a case table worst first (or a matrix of
// cases x candidates) with colour only when asked (the command asks on a terminal), and a
// verdict line per candidate. Every string from a profile is escaped for the terminal.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <ostream>
#include <vector>

namespace grp {

/// Console output: the context that differs, what could not be decided, the table, a verdict
/// line (the warnings are the caller's to print, on stderr).
/// Precondition: `all` is not empty; each element compares the same base with one candidate.
void print_comparisons(std::ostream& os, const std::vector<comparison>& all, bool colour);

} // namespace grp
