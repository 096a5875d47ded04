#include "grp/model/compare/control.hpp"

#include "grp/model/compare/rules.hpp"
#include "grp/model/spec/duet.hpp"

#include <algorithm>
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

/// The first of `ctrls` that is not `same` (index: its position), or nullptr with index =
/// ctrls.size() when every one is.
const case_comparison* first_not_same(const std::vector<const case_comparison*>& ctrls,
                                      std::size_t& index) {
    index = ctrls.size();
    for (std::size_t i = 0; i < ctrls.size(); ++i) {
        if (ctrls[i] == nullptr || ctrls[i]->outcome != verdict::same) {
            index = i;
            return ctrls[i];
        }
    }
    return nullptr;
}

/// The largest bias the controls allow (the largest of their bounds); empty when one has no
/// interval (unmeasured, missing).
std::optional<double> joint_bias(const std::vector<const case_comparison*>& ctrls) {
    double b = 1;
    for (const auto* c : ctrls) {
        const auto one = c ? bias_bound(*c) : std::nullopt;
        if (!one) {
            return std::nullopt;
        }
        b = std::max(b, *one);
    }
    return b;
}

void gate_case(case_comparison& cc, const std::vector<const case_comparison*>& ctrls,
               const std::vector<control_gate>& controls, const compare_options& opt) {
    if (!timing_verdict(cc.outcome)) {
        return; // wrong, missing, unmeasured, added...: not a timing verdict to gate
    }
    const std::string read = candidate_reading(cc, opt);
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
            return;
        }
    }
    std::size_t i = 0;
    const auto* ctrl = first_not_same(ctrls, i);
    const auto bias = joint_bias(ctrls);
    if (!ctrls.empty()) {
        cc.bias_allowed = i >= ctrls.size() ? std::optional<double>(1.0) : bias;
    }
    if (i >= ctrls.size() || cc.outcome == verdict::inconclusive) {
        return; // every control reads same, or nothing to keep: the candidate's verdict stands
    }
    const std::string quoted = ctrl ? control_reading(*ctrl, opt) : std::string("no control case");
    if (bias && holds_for_any_bias(cc, *bias, opt.threshold)) {
        cc.note = "the A/A control (" + controls[i].what + ") could not be judged (" + quoted +
                  "), but " + read + ", which holds for any bias the controls allow (up to " +
                  percent_text(*bias - 1).substr(1) + ")";
        return;
    }
    cc.outcome = verdict::inconclusive;
    cc.note = "the A/A control (" + controls[i].what + ") could not be judged (" + quoted +
              "), so neither can the candidate (" + read + "); more --rounds narrow both";
    cc.fails = decide_fails(cc, opt);
}

} // namespace

comparison compare_control(const profile& p, const std::string& original, const std::string& copy,
                           const compare_options& opt, const std::string& file) {
    auto c = compare_pair(p, {original, copy}, opt, file);
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
    // its control, the candidate's for the twin. The sweep point is what must match.
    const auto point = [](case_key k) {
        k.kernel.clear();
        return k;
    };
    std::vector<std::map<case_key, const case_comparison*>> by_key(controls.size());
    for (std::size_t i = 0; i < controls.size(); ++i) {
        for (const auto& cc : controls[i].result->cases) {
            by_key[i].emplace(point(cc.key), &cc);
        }
    }
    for (auto& cc : cand.cases) {
        std::vector<const case_comparison*> ctrls;
        for (const auto& m : by_key) {
            const auto it = m.find(point(cc.key));
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
