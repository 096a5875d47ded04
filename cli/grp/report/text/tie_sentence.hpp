// The sentence that says how far a sweep point's best stands from the rest: the configurations
// tied with it, those not separated from it, and by how much it leads the runner-up (the
// decision is model/compare/best_ties.hpp's: this only words it). Each configuration is named by
// what sets it apart from the others named (kernel, parameters, local size, cache). Text only:
// each printer escapes it for its output.
#pragma once

#include "grp/model/compare/best_ties.hpp"

#include <string>

namespace grp {

/// In the terms of the table above it, the medians: "UNROLL=8 and UNROLL=2 are tied (the same
/// within ±5 %); UNROLL=8 has the lowest median: 1.00 ms against 1.01 ms for UNROLL=2 (the
/// change to it +0.4 % [-1.2 %, +2.0 %], 99 % interval ...)", "local 256 is not separated from
/// local 128 (only 3 rounds: ...); local 256 has the lowest median: 5.71 ms against 5.73 ms for
/// local 128" (no interval: compare would judge none of it), or "UNROLL=8 is fastest: median
/// 1.00 ms against 1.12 ms for UNROLL=2 (the change to it +12 % [+8 %, +16 %], ...)". "" when
/// there is no other configuration.
std::string ties_sentence(const best_ties& t);

} // namespace grp
