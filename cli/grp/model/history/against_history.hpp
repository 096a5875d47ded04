// `compare --history`: one new invocation judged against the recent window of its series. Two
// invocations alone give one degree of freedom for what varies between invocations (the level
// a process or an invocation lands at: 3-13 % on an H100, more on a loaded CPU); a history of
// W earlier invocations of the same case on the same device gives W - 1. The window is the
// latest points of the series since its last step (stats/change_point.hpp), at most `window`;
// the candidate is one more draw from it: its change from the window's mean has variance
// s^2 (1 + 1/W), s^2 the window's variance between invocations (which holds the rounds' and
// processes' noise too), judged with a t interval of W - 1 df and compare's own rules
// (classify, decide_fails, Holm over the cases).
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/history/timeline.hpp"

#include <cstddef>
#include <string>

namespace grp {

/// The fewest window points a case is judged on; fewer leave it inconclusive, saying so.
inline constexpr std::size_t min_history_window = 4;

/// Every case of `cand` against its series in `history` (same device key and case key).
/// A case without a series is `added`; a candidate case that is not ok keeps its status
/// verdict (wrong fails as in compare). Never throws for a profile's content.
comparison compare_with_history(const timeline& history, const std::string& history_label,
                                const profile& cand, const std::string& cand_label,
                                const compare_options& opt, std::size_t window);

} // namespace grp
