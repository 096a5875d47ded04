// run's console matrix: the kernel x local-size table of one sweep point, as the reduction
// articles print it, with the host row, the best cell in GB/s and the legend underneath.
#pragma once

#include "grp/report/console/run.hpp"

namespace grp {

/// One matrix: heading, kernel rows, host row, best cell, marks and short reasons. `indent`
/// prefixes every line.
void print_matrix(std::ostream& os, const case_matrix& m, const profile& p,
                  const run_table_options& o, const std::string& indent);

} // namespace grp
