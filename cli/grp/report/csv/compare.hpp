// CSV of comparisons: one row per case and candidate, RFC 4180 quoting, stable columns
// (docs/compare.md lists them).
#pragma once

#include "grp/model/compare/compare.hpp"

#include <ostream>
#include <vector>

namespace grp {

/// One row per case and candidate, with a header.
void print_comparisons_csv(std::ostream& os, const std::vector<comparison>& all);

} // namespace grp
