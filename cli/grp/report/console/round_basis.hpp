// Under run's tables: the cases whose time in compare differs because compare sets some of
// their rounds aside (views/round_basis.hpp), each with both numbers and the rounds behind them.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <ostream>

namespace grp {

/// For device `device` of `p`: nothing when compare keeps every round; else a line saying
/// which rounds each number summarises and one line per case, e.g.
/// "reduce1/float/flat/n=33554432/local=8: median 1.29 s over 20 rounds; compare 719 ms over
/// the 8 undisturbed".
void print_round_basis(std::ostream& os, const profile& p, int device, const char* indent);

} // namespace grp
