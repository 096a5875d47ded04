// Best with its uncertainty: which configurations the best one cannot be told apart from, and
// why. For each best configuration (model/profile/best.hpp), every other verified, unscreened
// configuration of its (device, type, layout, n, op) is set against the winner with compare's
// own estimate of the change in log time over the rounds (estimate_change on rounds_of,
// compare's default 99 % interval and ±5 % threshold; every round kept, as in a duet), and
// falls in one of three sets, by the verdict compare would give it against the winner:
//   separated      `slower`: the whole interval above 1 and the change beyond the threshold;
//   tied           `same`: the whole interval within ±threshold, the same speed;
//   not separated  `inconclusive`: neither, or the rounds cannot give an interval (too few):
//                  more rounds could still order them or call them the same. Never "tied".
// The runner-up (the next fastest median) is kept with its interval, so a "best" that noise
// could reorder is never reported as one winner alone. The decision only: the sentence is
// report/text/tie_sentence.hpp's, the JSON best_separation_json's.
#pragma once

#include "grp/model/profile/best.hpp"
#include "grp/model/stats/inference.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace grp {

struct best_ties {
    const case_result* winner = nullptr;
    std::vector<const case_result*> tied;          ///< the same within ±threshold, fastest first
    std::vector<const case_result*> not_separated; ///< too wide or too few rounds to order
    const case_result* runner_up = nullptr;        ///< the next fastest median, in any set
    change_estimate margin;                        ///< runner-up against the winner (log scale)
    double confidence = 0.99;
    double threshold = 0.05;
    bool several_kernels = false; ///< the sweep point's competitors are of more than one kernel
    /// The fewest rounds behind the winner or a configuration not separated from it (what "only
    /// N rounds" says; every round counts, as in a duet); 0 when nothing is left unseparated.
    std::size_t fewest_rounds = 0;
    /// Why the first configuration without an interval has none (rounds_of's words); "" when
    /// every one has an interval.
    std::string no_interval;
};

/// Where a configuration stands against the winner, by the verdict compare would give it
/// (rules.cpp's classify) from `e` (log scale) and the relative `threshold`.
enum class tie_class { separated, tied, not_separated };
tie_class classify_against_winner(const change_estimate& e, double threshold);

/// The ties of best configuration `b` of profile `p`: no winner when no verified, unscreened case
/// of `p` has `b`'s key.
best_ties ties_of(const profile& p, const best_config& b);

/// The profile's best[].separation (schema 2.10): the sets and the runner-up's change with its
/// interval; null when `t` has no runner-up.
nlohmann::ordered_json best_separation_json(const best_ties& t);

} // namespace grp
