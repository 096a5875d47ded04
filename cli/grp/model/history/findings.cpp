#include "grp/model/history/findings.hpp"

#include "grp/model/history/latest.hpp"
#include "grp/model/stats/multiplicity.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/model/stats/student_t.hpp"
#include "grp/model/stats/trend.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace grp {

namespace {

/// A test not yet corrected for the others: the finding it becomes when it survives.
struct candidate {
    history_finding finding;
    std::size_t before = 0; ///< a newest-points step: how many points precede it
};

std::string change_text(double v) {
    std::ostringstream o;
    o.precision(v < 0.1 ? 2 : 3);
    o << v * 100 << " %";
    return o.str();
}

std::vector<weighted_point> weighted_points(const history_series& s) {
    std::vector<weighted_point> w;
    w.reserve(s.points.size());
    for (const auto& p : s.points) {
        w.push_back({p.value, p.se});
    }
    return w;
}

/// The series' spread and the smallest step it can see: two halves of n/2 points each, at
/// the 5 % level with 80 % power ((1.96 + 0.84) x spread x sqrt(4/n)). The spread is what the
/// points scatter by, from successive differences (robust to a step: the median of d^2 over
/// 2 x 0.4549, the median of chi-square 1), not what their own intervals claim: a point's
/// interval misses what varies between invocations, and can also overstate it.
series_verdict verdict_of(const std::vector<weighted_point>& w, const history_options& opt) {
    series_verdict v;
    if (w.size() < opt.min_points) {
        v.state = w.empty() ? series_state::no_points : series_state::too_short;
        return v;
    }
    std::vector<double> d2;
    for (std::size_t i = 1; i < w.size(); ++i) {
        d2.push_back((w[i].value - w[i - 1].value) * (w[i].value - w[i - 1].value));
    }
    std::sort(d2.begin(), d2.end());
    v.spread = std::sqrt(percentile_sorted(d2, 0.5) / (2 * 0.4549364));
    v.detectable = std::expm1(2.8 * v.spread * std::sqrt(4.0 / static_cast<double>(w.size())));
    v.state = v.detectable > opt.threshold ? series_state::too_noisy : series_state::judged;
    return v;
}

/// How much more (> 1) or less (< 1) the segment's points scatter around their two levels than
/// their weights say: the weighted residual sum of squares over its degrees of freedom. The
/// step's interval is scaled by its root, so it reflects the scatter seen, as a weighted
/// regression with an estimated dispersion does (the permutation p needs no such scale).
double dispersion(const std::vector<weighted_point>& w, const step_estimate& st, double tau2) {
    double rss = 0;
    for (auto i = st.lo; i < st.hi; ++i) {
        const double level = i < st.at ? st.before : st.after;
        const double var = std::max(w[i].se * w[i].se + tau2, 1e-18);
        rss += (w[i].value - level) * (w[i].value - level) / var;
    }
    return st.hi - st.lo > 2 ? rss / static_cast<double>(st.hi - st.lo - 2) : 1.0;
}

candidate step_candidate(const history_series& s, std::size_t index, const step_estimate& st,
                         double scale, const history_options& opt) {
    const double t = scale * student_t_quantile(1 - (1 - opt.confidence) / 2, std::max(1.0, st.df));
    history_finding f;
    f.kind = finding_kind::step;
    f.series = index;
    f.change = std::expm1(st.change);
    f.low = std::expm1(st.change - t * st.change_se);
    f.high = std::expm1(st.change + t * st.change_se);
    f.p_value = st.p_value;
    f.last_good = s.points[st.at - 1].place;
    f.first_bad = s.points[st.at].place;
    f.in_window = st.at + opt.window >= s.points.size();
    std::ostringstream e;
    e << "level shift of " << change_text(f.change) << " between " << (st.at - st.lo) << " and "
      << (st.hi - st.at) << " points (weighted means, each point by its interval); permutation p = "
      << std::setprecision(2) << st.p_value;
    f.evidence = e.str();
    return {f, 0};
}

/// Mann–Kendall over the latest points since `from` (at most `window`): a drift there.
std::optional<candidate> drift_candidate(const history_series& s, std::size_t index,
                                         std::size_t from, std::size_t end,
                                         const history_options& opt) {
    from = std::max(from, end - std::min(end, opt.window));
    if (end < from + opt.min_points) {
        return std::nullopt;
    }
    std::vector<double> y;
    for (auto i = from; i < end; ++i) {
        y.push_back(s.points[i].value);
    }
    const auto tr = mann_kendall(y, opt.confidence);
    const double span = static_cast<double>(y.size() - 1);
    history_finding f;
    f.kind = finding_kind::drift;
    f.series = index;
    f.change = std::expm1(tr.slope * span);
    f.low = std::expm1(tr.slope_low * span);
    f.high = std::expm1(tr.slope_high * span);
    f.p_value = tr.p_value;
    f.last_good = s.points[from].place;
    f.first_bad = s.points[end - 1].place;
    f.in_window = true;
    std::ostringstream e;
    e << "drift of " << change_text(f.change) << " over " << y.size()
      << " points (Theil–Sen slope; Mann–Kendall S = " << tr.s << ", p = " << std::setprecision(2)
      << tr.p_value << ")";
    f.evidence = e.str();
    return candidate{f, 0};
}

/// The newest one or two points against the level before them (latest.hpp), when they moved:
/// a step binary segmentation cannot place yet.
std::optional<candidate> newest_candidate(const history_series& s, std::size_t index,
                                          const std::vector<weighted_point>& w,
                                          const history_options& opt) {
    if (w.size() < 3) {
        return std::nullopt;
    }
    const std::vector<weighted_point> before(w.begin(), w.end() - 2);
    const auto steps = find_steps(before, opt.steps);
    const auto min_level = std::max<std::size_t>(4, opt.min_points - 2);
    const auto shift = newest_shift(w, steps.empty() ? 0 : steps.back().at, opt.window, min_level);
    if (!shift || shift->p_value > opt.steps.alpha) {
        return std::nullopt;
    }
    const double t = student_t_quantile(1 - (1 - opt.confidence) / 2, shift->df);
    history_finding f;
    f.series = index;
    f.change = std::expm1(shift->change);
    f.low = std::expm1(shift->change - t * shift->change_se);
    f.high = std::expm1(shift->change + t * shift->change_se);
    f.p_value = shift->p_value;
    f.first_bad = s.points[w.size() - shift->newest].place;
    f.last_good = s.points[w.size() - shift->newest - 1].place;
    f.in_window = true;
    std::ostringstream e;
    e << "the newest " << shift->newest << " point" << (shift->newest == 1 ? "" : "s")
      << " against the " << (w.size() - shift->newest - shift->level_from)
      << " before them (t test, " << shift->df << " df); p = " << std::setprecision(2)
      << shift->p_value;
    f.evidence = e.str();
    return candidate{f, w.size() - shift->newest};
}

/// A step's or a drift's tests in one series: the newest points first (a step there is judged
/// alone, the rest without them); then a drift where a line fits better than any step and the
/// trend test sees it over the window, else each step and a drift after the last.
void timing_candidates(const history_series& s, std::size_t index, double tau2,
                       const history_options& opt, std::vector<candidate>& out) {
    auto w = weighted_points(s);
    if (auto newest = newest_candidate(s, index, w, opt)) {
        w.resize(newest->before); // segmentation looks at the points before them
        out.push_back(*newest);
    }
    const auto steps = find_steps(w, opt.steps);
    const auto shapes = fit_shapes(w, tau2);
    if (!steps.empty() && shapes.line_rss < shapes.step_rss) {
        if (auto d = drift_candidate(s, index, 0, w.size(), opt);
            d && d->finding.p_value < opt.steps.alpha) {
            out.push_back(*d);
            return;
        }
    }
    for (const auto& st : steps) {
        out.push_back(step_candidate(s, index, st, std::sqrt(dispersion(w, st, tau2)), opt));
    }
    if (auto d = drift_candidate(s, index, steps.empty() ? 0 : steps.back().at, w.size(), opt)) {
        out.push_back(*d);
    }
}

} // namespace

std::string to_string(finding_kind k) {
    switch (k) {
    case finding_kind::step:
        return "step";
    case finding_kind::drift:
        return "drift";
    case finding_kind::broke:
        return "broke";
    case finding_kind::fixed:
        return "fixed";
    }
    return "?";
}

std::string to_string(series_state s) {
    switch (s) {
    case series_state::judged:
        return "judged";
    case series_state::too_short:
        return "too short";
    case series_state::too_noisy:
        return "too noisy";
    case series_state::no_points:
        return "no points";
    }
    return "?";
}

bool history_result::fails() const {
    return !expired.empty() ||
           std::any_of(findings.begin(), findings.end(), [](const auto& f) { return f.fails; });
}

namespace {

bool is_bad(const std::string& what) {
    return what == "wrong" || what == "unsafe" || what == "failed" || what == "implausible";
}

/// The series' results in timeline order: (place, bad, what).
std::vector<std::tuple<std::size_t, bool, std::string>> status_line(const history_series& s) {
    std::vector<std::tuple<std::size_t, bool, std::string>> line;
    for (const auto& p : s.points) {
        line.emplace_back(p.place, false, "ok");
    }
    for (const auto& e : s.events) {
        if (is_bad(e.what)) {
            line.emplace_back(e.place, true, e.what);
        }
    }
    std::sort(line.begin(), line.end());
    return line;
}

/// A case that turned wrong (or unsafe, or failed), and one that turned ok again: findings that
/// need no statistics. A break still present at the latest result fails.
void status_findings(const history_series& s, std::size_t index,
                     std::vector<history_finding>& out) {
    const auto line = status_line(s);
    const bool never_ok = !line.empty() && std::all_of(line.begin(), line.end(), [](const auto& e) {
        return std::get<1>(e);
    });
    if (never_ok) {        // reported, not failed: a known-bad kernel on this device, as compare's
        history_finding f; // still-wrong
        f.kind = finding_kind::broke;
        f.series = index;
        f.p_value = f.q_value = 0;
        f.last_good = f.first_bad = std::get<0>(line.front());
        f.in_window = true;
        f.evidence = std::get<2>(line.back()) + " in every one of its " +
                     std::to_string(line.size()) + " profiles: never ok on this device";
        out.push_back(f);
    }
    for (std::size_t i = 1; i < line.size(); ++i) {
        const auto& [place0, bad0, what0] = line[i - 1];
        const auto& [place1, bad1, what1] = line[i];
        if (bad0 == bad1) {
            continue;
        }
        history_finding f;
        f.kind = bad1 ? finding_kind::broke : finding_kind::fixed;
        f.series = index;
        f.p_value = f.q_value = 0;
        f.last_good = place0;
        f.first_bad = place1;
        f.in_window = true;
        f.fails = bad1 && std::get<1>(line.back());
        f.evidence = bad1 ? "ok, then " + what1 : what0 + ", then ok";
        out.push_back(f);
    }
}

/// Series with no result at all in the newest profile (a cut-short run, a narrowed sweep): said
/// in a note, not failed, since a sweep may drop a case on purpose.
void note_missing_in_newest(timeline& t) {
    if (t.places.empty()) {
        return;
    }
    const auto newest = t.places.size() - 1;
    const auto missing = std::count_if(t.series.begin(), t.series.end(), [newest](const auto& s) {
        const auto at = [newest](const auto& x) {
            return x.place == newest;
        };
        return std::none_of(s.points.begin(), s.points.end(), at) &&
               std::none_of(s.events.begin(), s.events.end(), at);
    });
    if (missing > 0) {
        t.notes.push_back(std::to_string(missing) + " of " + std::to_string(t.series.size()) +
                          " series have no result in the newest profile, " +
                          t.places[newest].source + " (cut short, or a narrower sweep)");
    }
}

bool worst_first(const history_finding& a, const history_finding& b) {
    if (a.fails != b.fails) {
        return a.fails;
    }
    if (a.q_value != b.q_value) {
        return a.q_value < b.q_value;
    }
    return std::abs(a.change) > std::abs(b.change);
}

/// A series whose timing gave a finding was judged, whatever its census said: a step found in a
/// series too noisy to see the threshold is a verdict, and a census of "judged 0" under it would
/// contradict it (and exit 8 on a decided history). Status findings (broke, fixed) say nothing
/// of timing: a series wrong in every profile stays "without a usable point".
void count_found_series_as_judged(history_result& r) {
    for (const auto& f : r.findings) {
        auto& state = r.verdicts[f.series].state;
        if (state != series_state::too_noisy || f.kind == finding_kind::broke ||
            f.kind == finding_kind::fixed) {
            continue; // only a too-noisy series is searched for steps and drifts
        }
        --r.too_noisy;
        ++r.judged;
        state = series_state::judged;
    }
}

} // namespace

history_result judge_history(timeline t, const history_options& opt) {
    history_result r;
    std::vector<candidate> tests;
    for (std::size_t i = 0; i < t.series.size(); ++i) {
        const auto& s = t.series[i];
        const auto w = weighted_points(s);
        const double tau2 = w.size() >= 3 ? excess_variance(w) : 0;
        r.verdicts.push_back(verdict_of(w, opt));
        status_findings(s, i, r.findings);
        switch (r.verdicts.back().state) {
        case series_state::judged:
            ++r.judged;
            timing_candidates(s, i, tau2, opt, tests);
            break;
        case series_state::too_short:
            ++r.too_short;
            break;
        case series_state::no_points:
            ++r.no_points;
            break;
        case series_state::too_noisy: // a step above the threshold may be missed, not a big one
            ++r.too_noisy;
            timing_candidates(s, i, tau2, opt, tests);
            break;
        }
    }
    std::vector<double> p;
    p.reserve(tests.size());
    for (const auto& c : tests) {
        p.push_back(c.finding.p_value);
    }
    const auto q = benjamini_hochberg(p);
    for (std::size_t k = 0; k < tests.size(); ++k) {
        auto f = tests[k].finding;
        f.q_value = q[k];
        if (!(f.q_value <= opt.fdr)) {
            continue;
        }
        f.fails = f.in_window && f.change >= opt.threshold;
        r.findings.push_back(f);
    }
    std::stable_sort(r.findings.begin(), r.findings.end(), worst_first);
    count_found_series_as_judged(r);
    note_missing_in_newest(t);
    r.time = std::move(t);
    return r;
}

} // namespace grp
