// The newest points of a series against the level before them. Binary segmentation needs a few
// points on each side of a step (step_options::min_segment), so a step in the newest one or two
// commits, the one a gate run after each merge must catch, would wait two merges to be seen and
// then be placed wrongly. Here the newest k points (k = 1, 2) are one more draw each from the
// level before them (its points since its last step, at most `window`): their mean's change has
// variance s^2 (1/k + 1/W), s^2 the level's variance between invocations, judged by t with W - 1
// df; of the two k the smaller p is kept, Bonferroni-corrected (x 2).
#pragma once

#include "grp/model/stats/change_point.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace grp {

struct latest_shift {
    std::size_t newest = 0;     ///< k: how many newest points moved
    std::size_t level_from = 0; ///< the first point of the level they are judged against
    double change = 0;          ///< ln(mean of the newest) - ln(the level's mean)
    double change_se = 0;
    double df = 0;
    double p_value = 1; ///< two-sided, x 2 for the choice of k
};

/// The shift of the newest points of `w` against the level before them; nullopt when the level
/// has fewer than `min_level` points. `level_start` is where the level begins (the last step
/// found before them, 0 without one).
std::optional<latest_shift> newest_shift(const std::vector<weighted_point>& w,
                                         std::size_t level_start, std::size_t window,
                                         std::size_t min_level);

} // namespace grp
