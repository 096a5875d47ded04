// The sentence that says which configurations are tied with the best one, and by how much the
// best one leads (the decision is model/compare/best_ties.hpp's: this only words it). Each
// configuration is named by what sets it apart from the others named (kernel, parameters,
// local size, cache). Text only: each printer escapes it for its output.
#pragma once

#include "grp/model/compare/best_ties.hpp"

#include <string>

namespace grp {

/// "UNROLL=8, UNROLL=2 and UNROLL=1 are tied within noise; UNROLL=8 is fastest by 3 % [-5 %,
/// +11 %] (99 % interval over the rounds)", or "UNROLL=8 is fastest by 12 % [8 %, 16 %] over
/// UNROLL=2 (...)". "" when there is no other configuration or no interval could be estimated.
std::string ties_sentence(const best_ties& t);

} // namespace grp
