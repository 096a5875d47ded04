// The markdown printer of comparisons, GitHub-flavoured, for a CI job summary or a
// pull-request comment: a PASS/FAIL heading, context and warnings, the undecided cases, the
// changed cases and, folded under <details>, the unchanged ones. Every profile string is
// escaped for markdown.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <ostream>
#include <vector>

namespace grp {

/// Markdown of one or more comparisons against the same base. Precondition: `all` is not empty.
void print_comparisons_markdown(std::ostream& os, const std::vector<comparison>& all);

} // namespace grp
