// What `check` prints: one row per case (status, findings, the work the simulator counted),
// then each distinct finding once per kernel with its source line quoted and the local sizes
// where it occurred.
#pragma once

#include "grp/model/access/time_estimate.hpp"
#include "grp/model/profile/profile.hpp"

#include <ostream>

namespace grp {

void print_check_tables(std::ostream& os, const profile& p, bool colour);

/// check --estimate-for: the access-adjusted estimate of each case on `d` (read from
/// `source`), with a line naming the cases that had no access metrics to estimate from.
void print_estimate_table(std::ostream& os, const profile& p, const estimate_device& d,
                          const std::string& source, bool colour);

} // namespace grp
