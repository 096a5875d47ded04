// What `check` prints: one row per case (status, findings, the work the simulator counted),
// then each distinct finding once per kernel with its source line quoted and the local sizes
// where it occurred.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <ostream>

namespace grp {

void print_check_tables(std::ostream& os, const profile& p, bool colour);

} // namespace grp
