// The sentence that says how far a sweep point's best stands from the rest: the configurations
// tied with it, those not separated from it, and by how much it leads the runner-up (the
// decision is model/compare/best_ties.hpp's: this only words it). Each configuration is named by
// what sets it apart from the others named (kernel, parameters, local size, cache). Text only:
// each printer escapes it for its output.
#pragma once

#include "grp/model/compare/best_ties.hpp"

#include <string>

namespace grp {

/// "UNROLL=8 and UNROLL=2 are tied (the same within ±5 %); UNROLL=8 is fastest by 0.4 % [-1.2 %,
/// +2.0 %] (99 % interval ...) over UNROLL=2", "local 256 is not separated from local 128 (only
/// 3 rounds: ...); local 256 has the lowest median, by ...", or "UNROLL=8 is fastest by 12 %
/// [8 %, 16 %] (...) over UNROLL=2". "" when there is no other configuration.
std::string ties_sentence(const best_ties& t);

} // namespace grp
