// run --describe: what every column of run's tables means and which bytes are counted.
#pragma once

#include <ostream>

namespace grp {

/// One paragraph per column, and what bytes were counted.
void print_run_legend(std::ostream& os);

} // namespace grp
