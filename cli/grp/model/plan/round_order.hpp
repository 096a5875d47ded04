// The order a round visits the cases of a sweep in. Every round gets a fresh seeded permutation
// (a randomized block design: each round is a block, each case a treatment), so no case keeps
// a fixed neighbour or a fixed place in the pass. With one fixed order, or a forward/backward
// alternation, what ran before a case (its neighbour's input still in the L2, the position in the
// pass) biased it by 1-5 % on the H100, and the ratio of two kernels inside a round (compare
// --pair, --normalize) kept that bias as if it were the kernels' own. Pure and reproducible:
// the profile records the seed and each round's position, so any order can be replayed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace grp {

/// A permutation of 0..count-1: the order round `round` visits `count` cases in. Fisher-Yates
/// driven by splitmix64 of (seed, round, step), so the same (count, seed, round) always gives
/// the same order and different rounds give independent ones.
std::vector<std::size_t> round_order(std::size_t count, std::uint64_t seed, std::uint64_t round);

} // namespace grp
