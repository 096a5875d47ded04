// run's console "best configuration" table of a tuned profile (text/best_table.hpp's rows).
#pragma once

#include "grp/model/profile/profile.hpp"

#include <ostream>

namespace grp {

/// run's console: "best configuration" and the table, when the profile is tuned.
void print_best_configs(std::ostream& os, const profile& p, bool colour);

} // namespace grp
