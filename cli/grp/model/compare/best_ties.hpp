// Best with ties: which configurations the best one cannot be told apart from. For each best
// configuration (model/profile/best.hpp), every other verified, unscreened configuration of
// its (device, type, layout, n, op) is set against the winner with compare's own estimate of
// the change in log time over the rounds (estimate_change on rounds_of, compare's default 99 %
// interval): it is tied when that interval of their ratio includes 1. The margin over the
// runner-up (the next fastest median) is said with its interval, so a "best" that noise could
// reorder is never reported as one winner alone.
#pragma once

#include "grp/model/profile/best.hpp"
#include "grp/model/stats/inference.hpp"

#include <string>
#include <vector>

namespace grp {

struct best_ties {
    const case_result* winner = nullptr;
    std::vector<const case_result*> tied;   ///< interval of the ratio includes 1, fastest first
    const case_result* runner_up = nullptr; ///< the next fastest median, tied or not
    change_estimate margin;                 ///< runner-up against the winner (log scale)
    double confidence = 0.99;
};

/// The ties of best configuration `b` of profile `p`.
best_ties ties_of(const profile& p, const best_config& b);

/// "UNROLL=8, UNROLL=2 and UNROLL=1 are tied within noise; UNROLL=8 is fastest by 3 % [-5 %,
/// +11 %] (99 % interval over the rounds)", or "UNROLL=8 is fastest by 12 % [8 %, 16 %] over
/// UNROLL=2 (...)"; each configuration named by what sets it apart (kernel, parameters, local
/// size, cache). "" when there is no other configuration or no interval could be estimated.
std::string ties_sentence(const best_ties& t);

} // namespace grp
