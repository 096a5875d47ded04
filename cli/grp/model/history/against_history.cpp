#include "grp/model/history/against_history.hpp"

#include "grp/core/strings.hpp"
#include "grp/model/compare/rules.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/stats/change_point.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace grp {

namespace {

/// The latest level of a series: its points since the last step, at most `window` of them.
std::vector<history_point> recent_window(const history_series& s, std::size_t window) {
    std::vector<weighted_point> w;
    w.reserve(s.points.size());
    for (const auto& p : s.points) {
        w.push_back({p.value, p.se});
    }
    std::size_t from = 0;
    if (w.size() >= 2 * step_options{}.min_segment) {
        const auto steps = find_steps(w, step_options{});
        from = steps.empty() ? 0 : steps.back().at;
    }
    from = std::max(from, w.size() - std::min(w.size(), window));
    return {s.points.begin() + static_cast<std::ptrdiff_t>(from), s.points.end()};
}

/// The candidate's point against the window's mean and spread: ratio, interval, p, df.
void judge_point(case_comparison& cc, const std::vector<history_point>& points, double x,
                 const compare_options& opt) {
    std::vector<double> win;
    win.reserve(points.size());
    for (const auto& p : points) {
        win.push_back(p.value);
    }
    const double w = static_cast<double>(win.size());
    const double m = mean_of(win), s = stddev(win);
    const double d = x - m, se = s * std::sqrt(1 + 1 / w), df = w - 1;
    const double t = student_t_quantile(1 - opt.alpha / 2, df);
    cc.ratio = std::exp(d);
    cc.ci_low = std::exp(d - t * se);
    cc.ci_high = std::exp(d + t * se);
    cc.df = df;
    cc.p_value = se > 0 ? 2 * (1 - student_t_cdf(std::abs(d) / se, df)) : (d == 0 ? 1.0 : 0.0);
    cc.between_run_var = s * s;
    cc.between_run_estimated = true;
    cc.base->center = std::exp(m);
    classify(cc, opt);
    std::ostringstream note;
    note << "against the latest " << win.size() << " invocations of its history (their spread "
         << percent_text(std::expm1(s)).substr(1) << " per invocation, " << df << " df)";
    if (cc.note.empty()) {
        cc.note = note.str();
    }
}

/// The candidate's device conditions against those of its series' latest level: where they
/// differ the case is read, not gated (as compare's conditions_gate.hpp), naming the facts.
void mark_history_conditions(case_comparison& cc, const history_series& s, const profile_device& d,
                             const compare_options& opt) {
    if (!s.conditions || !d.conditions) {
        return;
    }
    const auto facts = differing_facts(*s.conditions, *d.conditions);
    cc.conditions_differ = !facts.empty();
    if (cc.conditions_differ && !opt.any_conditions) {
        cc.note += std::string(cc.note.empty() ? "" : "; ") +
                   "timing not gated: the conditions differ from its history's latest level (" +
                   joined(facts, "; ") + ")";
    }
}

case_comparison compare_case(const timeline& history,
                             const std::map<std::string, const history_series*>& series,
                             const profile& cand, const case_result& c, const compare_options& opt,
                             std::size_t window) {
    case_comparison cc;
    cc.key = c.key;
    cc.cand = side_of(cand, c, rounds_of(cand, c, opt));
    const auto& dev = cand.devices[static_cast<std::size_t>(c.device)].info;
    const auto it = series.find(series_id(device_key_of(dev), c.key));
    if (it == series.end()) {
        cc.outcome = verdict::added;
        cc.note = "no history of this case on this device";
        return cc;
    }
    cc.base = case_side{};
    cc.base->device = it->second->device.model;
    const auto win = recent_window(*it->second, window);
    cc.base->runs = win.size();
    std::string why;
    const auto pt = c.status == case_status::ok ? point_of(cand, c, why) : std::nullopt;
    if (c.status != case_status::ok) {
        cc.outcome = c.status == case_status::skipped       ? verdict::not_run
                     : c.status == case_status::failed      ? verdict::missing
                     : c.status == case_status::implausible ? verdict::implausible
                                                            : verdict::wrong;
        cc.note = to_string(c.status) + (c.reason.empty() ? "" : ": " + c.reason);
    } else if (!pt) {
        cc.outcome = verdict::unmeasured;
        cc.note = why;
    } else if (win.size() < min_history_window) {
        cc.note = "its history holds " + std::to_string(win.size()) +
                  " invocations at its latest level; " + std::to_string(min_history_window) +
                  " are needed to judge one more";
    } else {
        // Another machine's history holds that machine's level, not this one's spread: read,
        // not failed, unless --allow-cross-machine (as compare's cross_machine).
        cc.cross_machine = std::any_of(win.begin(), win.end(), [&](const history_point& p) {
            return !same_host(history.places[p.place].host, cand.host);
        });
        judge_point(cc, win, pt->value, opt);
        mark_history_conditions(cc, *it->second, cand.devices[static_cast<std::size_t>(c.device)],
                                opt);
    }
    cc.fails = decide_fails(cc, opt);
    return cc;
}

} // namespace

comparison compare_with_history(const timeline& history, const std::string& history_label,
                                const profile& cand, const std::string& cand_label,
                                const compare_options& opt, std::size_t window) {
    std::map<std::string, const history_series*> series;
    for (const auto& s : history.series) {
        series.emplace(series_id(s.device, s.key), &s);
    }
    comparison out;
    out.base_label = history_label;
    out.cand_label = cand_label;
    out.options = opt;
    out.base_runs = history.places.size();
    out.base_invocations = history.places.size();
    out.cand_runs = cand.runs.size();
    for (const auto& c : cand.cases) {
        if (!c.scenario.empty() || c.device < 0 ||
            static_cast<std::size_t>(c.device) >= cand.devices.size()) {
            continue;
        }
        out.cases.push_back(compare_case(history, series, cand, c, opt, window));
        out.common += out.cases.back().base.has_value();
    }
    correct_for_multiplicity(out.cases, opt);
    sort_worst_first(out.cases);
    return out;
}

} // namespace grp
