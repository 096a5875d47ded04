#include "grp/model/compare/control.hpp"

#include "grp/model/compare/rules.hpp"
#include "grp/model/spec/duet.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace grp {

namespace {

bool timing_verdict(verdict v) {
    return v == verdict::same || v == verdict::slower || v == verdict::faster ||
           v == verdict::inconclusive;
}

/// What the candidate read, for the note that replaces its verdict.
std::string candidate_reading(const case_comparison& cc, const compare_options& opt) {
    if (cc.ratio && cc.ci_low && cc.ci_high) {
        return "the candidate read " + interval_text(cc, 1 - opt.alpha);
    }
    return "the candidate: " + (cc.note.empty() ? to_string(cc.outcome) : cc.note);
}

/// What the control read: its interval, or why it has none.
std::string control_reading(const case_comparison& ctrl, const compare_options& opt) {
    if (ctrl.ratio && ctrl.ci_low && ctrl.ci_high) {
        return interval_text(ctrl, 1 - opt.alpha);
    }
    return to_string(ctrl.outcome) + (ctrl.note.empty() ? "" : " (" + ctrl.note + ")");
}

/// The position of the first of `ctrls` without a bias bound (missing, or no interval), or
/// ctrls.size() when every one has one.
std::size_t first_unbounded(const std::vector<const case_comparison*>& ctrls) {
    for (std::size_t i = 0; i < ctrls.size(); ++i) {
        if (ctrls[i] == nullptr || !bias_bound(*ctrls[i])) {
            return i;
        }
    }
    return ctrls.size();
}

/// The position of the control with the largest bias bound (every one has one).
std::size_t largest_bound(const std::vector<const case_comparison*>& ctrls) {
    std::size_t at = 0;
    for (std::size_t i = 1; i < ctrls.size(); ++i) {
        if (*bias_bound(*ctrls[i]) > *bias_bound(*ctrls[at])) {
            at = i;
        }
    }
    return at;
}

/// One control read slower or faster: the candidate is `biased` (its first such control named).
bool gate_biased(case_comparison& cc, const std::vector<const case_comparison*>& ctrls,
                 const std::vector<control_gate>& controls, const compare_options& opt,
                 const std::string& read) {
    for (std::size_t i = 0; i < ctrls.size(); ++i) {
        const auto* ctrl = ctrls[i];
        if (ctrl != nullptr &&
            (ctrl->outcome == verdict::slower || ctrl->outcome == verdict::faster)) {
            cc.outcome = verdict::biased;
            cc.note = "the A/A control (" + controls[i].what + ") read " +
                      control_reading(*ctrl, opt) +
                      ": this duet favours one kernel instance over another, so "
                      "it judges no candidate here (" +
                      read + "); rerun it, and see docs/statistics.md on biased duets";
            cc.fails = decide_fails(cc, opt);
            return true;
        }
    }
    return false;
}

/// A case judged on its four instances: the controls' spread is in its interval. A control
/// whose interval excludes no change shows an offset every process shares in one of its two
/// instances, and half of such an offset (one instance of the four in d) may have moved the
/// candidate: then its verdict stands only if it holds for the square root of that control's
/// bound (bias_allowed), else it is inconclusive.
void gate_on_instances(case_comparison& cc, const std::vector<const case_comparison*>& ctrls,
                       const std::vector<control_gate>& controls, const compare_options& opt,
                       const std::string& read) {
    cc.bias_allowed = 1.0;
    std::optional<std::size_t> at;
    for (std::size_t i = 0; i < ctrls.size(); ++i) {
        const auto* c = ctrls[i];
        if (c != nullptr && c->ci_low && c->ci_high && (*c->ci_low > 1 || *c->ci_high < 1) &&
            bias_bound(*c) && (!at || *bias_bound(*c) > *bias_bound(*ctrls[*at]))) {
            at = i;
        }
    }
    if (!at) {
        return;
    }
    const double bias = std::sqrt(*bias_bound(*ctrls[*at]));
    cc.bias_allowed = bias;
    const std::string shown = "an A/A control (" + controls[*at].what + ") shows an offset " +
                              "every process shares, " + control_reading(*ctrls[*at], opt) +
                              ", half of which (up to " + percent_text(bias - 1).substr(1) +
                              ") may be in the candidate's change";
    if (cc.outcome == verdict::inconclusive || holds_for_any_bias(cc, bias, opt.threshold)) {
        cc.note = (cc.note.empty() ? "" : cc.note + "; ") + shown +
                  (cc.outcome == verdict::inconclusive ? "" : ": " + read + ", which holds for it");
        return;
    }
    cc.outcome = verdict::inconclusive;
    cc.note = shown + ", and could account for what the candidate read (" + read +
              "); rerun the duet, and see docs/statistics.md on biased duets";
    cc.fails = decide_fails(cc, opt);
}

void gate_case(case_comparison& cc, const std::vector<const case_comparison*>& ctrls,
               const std::vector<control_gate>& controls, const compare_options& opt) {
    if (!timing_verdict(cc.outcome)) {
        return; // wrong, missing, unmeasured, added...: not a timing verdict to gate
    }
    const std::string read = candidate_reading(cc, opt);
    if (ctrls.empty() || gate_biased(cc, ctrls, controls, opt, read)) {
        return;
    }
    if (cc.on_instances) {
        gate_on_instances(cc, ctrls, controls, opt, read);
        return;
    }
    const bool all_same = std::all_of(ctrls.begin(), ctrls.end(), [](const case_comparison* c) {
        return c != nullptr && c->outcome == verdict::same;
    });
    const std::size_t unbounded = first_unbounded(ctrls);
    const auto at = unbounded < ctrls.size() ? unbounded : largest_bound(ctrls);
    const auto bias = unbounded < ctrls.size() ? std::nullopt : bias_bound(*ctrls[at]);
    cc.bias_allowed = all_same ? std::optional<double>(1.0) : bias;
    if (all_same || cc.outcome == verdict::inconclusive) {
        return; // every control reads same, or nothing to keep: the candidate's verdict stands
    }
    const std::string quoted = ctrls[at] ? control_reading(*ctrls[at], opt) : "no control case";
    if (bias && holds_for_any_bias(cc, *bias, opt.threshold)) {
        cc.note =
            (cc.note.empty() ? "" : cc.note + "; ") + "an A/A control could not be judged, but " +
            read + ", which holds for any bias the controls allow (up to " +
            percent_text(*bias - 1).substr(1) + ": " + controls[at].what + ", " + quoted + ")";
        return;
    }
    cc.outcome = verdict::inconclusive;
    cc.note = bias
                  ? "an A/A control could not be judged, and the bias the controls allow (up to " +
                        percent_text(*bias - 1).substr(1) + ": " + controls[at].what + ", " +
                        quoted + ") could account for what the candidate read (" + read +
                        "); more --rounds narrow both"
                  : "the A/A control (" + controls[at].what + ") could not be judged (" + quoted +
                        "), so neither can the candidate (" + read + "); more --rounds narrow both";
    cc.fails = decide_fails(cc, opt);
}

} // namespace

comparison compare_control(const profile& p, const std::string& original, const std::string& copy,
                           const compare_options& opt, const std::string& file,
                           const std::pair<std::string, std::string>& other) {
    auto c = compare_pair(p, {original, copy, "", "", other.first, other.second}, opt, file);
    c.control = true;
    for (auto& cc : c.cases) {
        cc.fails = false;
    }
    return c;
}

std::optional<double> bias_bound(const case_comparison& control) {
    if (!control.ci_low || !control.ci_high || *control.ci_low <= 0) {
        return std::nullopt;
    }
    return std::max({1.0, *control.ci_high, 1 / *control.ci_low});
}

bool holds_for_any_bias(const case_comparison& cc, double bias, double threshold) {
    if (!cc.ratio || !cc.ci_low || !cc.ci_high) {
        return false;
    }
    const double lo = *cc.ci_low / bias, hi = *cc.ci_high * bias;
    switch (cc.outcome) {
    case verdict::slower:
        return lo > 1 && *cc.ratio / bias > 1 + threshold;
    case verdict::faster:
        return hi < 1 && *cc.ratio * bias < 1 - threshold;
    case verdict::same:
        return lo >= 1 - threshold && hi <= 1 + threshold;
    default:
        return false;
    }
}

void apply_controls(comparison& cand, const std::vector<control_gate>& controls,
                    const compare_options& opt) {
    // A comparison keys its cases by its first kernel's name: the base's for the candidate and
    // its control, the candidate's for the twin. The sweep point on its device must match.
    const auto point = [](const case_comparison& cc) {
        case_key k = cc.key;
        k.kernel.clear();
        return std::make_pair(k, cc.device.value_or(-1));
    };
    std::vector<std::map<std::pair<case_key, int>, const case_comparison*>> by_key(controls.size());
    for (std::size_t i = 0; i < controls.size(); ++i) {
        for (const auto& cc : controls[i].result->cases) {
            by_key[i].emplace(point(cc), &cc);
        }
    }
    for (auto& cc : cand.cases) {
        std::vector<const case_comparison*> ctrls;
        for (const auto& m : by_key) {
            const auto it = m.find(point(cc));
            ctrls.push_back(it == m.end() ? nullptr : it->second);
        }
        gate_case(cc, ctrls, controls, opt);
    }
    sort_worst_first(cand.cases);
}

void apply_control(comparison& cand, const comparison& control, const std::string& what,
                   const compare_options& opt) {
    apply_controls(cand, {{&control, what}}, opt);
}

std::vector<kernel_pair> recorded_pairs(const profile& p) {
    std::vector<kernel_pair> out;
    for (const auto& t : duet_triples(p.settings)) {
        out.push_back({t.base, t.cand, t.control, t.twin});
    }
    return out;
}

} // namespace grp
