// `history`'s judgement of a timeline: in each series, level shifts (steps, by binary
// segmentation with each point weighted by its own interval and the spread between
// invocations; stats/change_point.hpp) and slow drift (Mann–Kendall with the Theil–Sen slope,
// on the points since the last step; stats/trend.hpp), with the false discovery rate held over
// every test of every series (Benjamini–Hochberg); status changes (a case that turns wrong, or
// turns ok again) are findings too. A census says how many series were judged and why the
// others were not, so "no finding" never hides "nothing could be seen".
#pragma once

#include "grp/model/compare/slow_cause.hpp"
#include "grp/model/history/timeline.hpp"
#include "grp/model/stats/change_point.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace grp {

struct history_options {
    double threshold = 0.05;    ///< the smallest relative change that fails, 0.05 = 5 %
    double fdr = 0.05;          ///< false discovery rate over every test of every series
    std::size_t window = 20;    ///< a finding fails only when it starts in the latest points
    std::size_t min_points = 6; ///< fewer points: too short to judge
    double confidence = 0.95;   ///< of the intervals shown
    step_options steps;
};

enum class finding_kind { step, drift, broke, fixed };
std::string to_string(finding_kind k);

struct history_finding {
    finding_kind kind = finding_kind::step;
    std::size_t series = 0;   ///< index into timeline::series
    double change = 0;        ///< relative change of the time (+0.10: 10 % slower)
    double low = 0, high = 0; ///< its interval at history_options::confidence
    double p_value = 1, q_value = 1;
    std::size_t last_good = 0, first_bad = 0; ///< places: the range to bisect
    bool in_window = false; ///< first_bad is among the latest `window` places of its series
    bool fails = false;     ///< slower by at least the threshold, in the window (or broke)
    std::string evidence;   ///< the test and its numbers, in words
    std::string waived;     ///< the waiver's reason and date when one covers it (waivers.hpp)
    /// A slower step's cause, from check profiles beside the two profiles around it
    /// (step_cause.hpp); empty where neither has one.
    std::optional<slow_cause> cause;
};

/// no_points: every result of the series is an event (wrong, disturbed, dirty, ...).
enum class series_state { judged, too_short, too_noisy, no_points };
std::string to_string(series_state s);

struct series_verdict {
    series_state state = series_state::judged;
    double spread = 0; ///< what the points scatter by, in ln (from successive differences)
    /// The smallest step the series can see (relative), 0 when too short. A series that is too
    /// noisy is still searched: a step this large is found, one of the threshold may be missed.
    double detectable = 0;
};

struct history_result {
    timeline time;
    std::vector<series_verdict> verdicts;  ///< one per series
    std::vector<history_finding> findings; ///< failing first, then by q-value
    /// The census: a series with a step or drift found counts as judged, however noisy.
    std::size_t judged = 0, too_short = 0, too_noisy = 0, no_points = 0;
    std::vector<std::string> expired; ///< waivers past their date, in words: each one fails
    [[nodiscard]] bool fails() const;
};

/// Judges every series of `t`. Never throws for a series' content.
history_result judge_history(timeline t, const history_options& opt);

} // namespace grp
