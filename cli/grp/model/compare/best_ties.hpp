// Best with ties: which configurations the best one cannot be told apart from, and why. For
// each best configuration (model/profile/best.hpp), every other verified, unscreened
// configuration of its (device, type, layout, n, op) is set against the winner with compare's
// own estimate of the change in log time over the rounds (estimate_change on rounds_of,
// compare's default 99 % interval): it is tied when that interval of their ratio includes 1.
// The runner-up (the next fastest median) is kept with its interval, so a "best" that noise
// could reorder is never reported as one winner alone. The decision only: the sentence that
// says it is report/text/tie_sentence.hpp's.
#pragma once

#include "grp/model/profile/best.hpp"
#include "grp/model/stats/inference.hpp"

#include <vector>

namespace grp {

struct best_ties {
    const case_result* winner = nullptr;
    std::vector<const case_result*> tied;   ///< interval of the ratio includes 1, fastest first
    const case_result* runner_up = nullptr; ///< the next fastest median, tied or not
    change_estimate margin;                 ///< runner-up against the winner (log scale)
    double confidence = 0.99;
};

/// The ties of best configuration `b` of profile `p`: no winner when no verified, unscreened case
/// of `p` has `b`'s key; a configuration whose rounds rounds_of refuses (too few) is neither tied
/// nor the runner-up.
best_ties ties_of(const profile& p, const best_config& b);

} // namespace grp
