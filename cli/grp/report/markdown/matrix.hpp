// The markdown summary's kernel x local-size matrices: one GitHub table per sweep point that
// has several local sizes or a host baseline, the host as its last row, the best cell in GB/s
// and the short reasons underneath.
#pragma once

#include "grp/report/markdown/summary.hpp"

namespace grp {

/// The kernel x local-size matrices of every profile (each sweep point with several local sizes
/// or a host baseline), with the host row and best cell; "" when there is none.
std::string markdown_matrices(const std::vector<html::report_input>& inputs, cell_value cells);

} // namespace grp
