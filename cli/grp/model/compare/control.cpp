#include "grp/model/compare/control.hpp"

#include "grp/model/compare/rules.hpp"
#include "grp/model/spec/duet.hpp"

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

void gate_case(case_comparison& cc, const case_comparison* ctrl, const std::string& what,
               const compare_options& opt) {
    if (!timing_verdict(cc.outcome)) {
        return; // wrong, missing, unmeasured, added...: not a timing verdict to gate
    }
    const std::string read = candidate_reading(cc, opt);
    if (ctrl != nullptr && (ctrl->outcome == verdict::slower || ctrl->outcome == verdict::faster)) {
        cc.outcome = verdict::biased;
        cc.note = "the A/A control (" + what + ") read " + control_reading(*ctrl, opt) +
                  ": this duet favours one kernel instance over another, so "
                  "it judges no candidate here (" +
                  read + "); rerun it, and see docs/statistics.md on biased duets";
    } else if (ctrl == nullptr || ctrl->outcome != verdict::same) {
        if (cc.outcome == verdict::inconclusive) {
            return;
        }
        cc.outcome = verdict::inconclusive;
        cc.note = "the A/A control (" + what + ") could not be judged (" +
                  (ctrl ? control_reading(*ctrl, opt) : std::string("no control case")) +
                  "), so neither can the candidate (" + read + "); more --rounds narrow both";
    } else {
        return; // the control reads same: the candidate's verdict stands
    }
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

void apply_control(comparison& cand, const comparison& control, const std::string& what,
                   const compare_options& opt) {
    // A comparison keys its cases by its first kernel's name: the base's for the candidate and
    // its control, the candidate's for the twin. The sweep point is what must match.
    const auto point = [](case_key k) {
        k.kernel.clear();
        return k;
    };
    std::map<case_key, const case_comparison*> by_key;
    for (const auto& cc : control.cases) {
        by_key.emplace(point(cc.key), &cc);
    }
    for (auto& cc : cand.cases) {
        const auto it = by_key.find(point(cc.key));
        gate_case(cc, it == by_key.end() ? nullptr : it->second, what, opt);
    }
    sort_worst_first(cand.cases);
}

std::vector<kernel_pair> recorded_pairs(const profile& p) {
    std::vector<kernel_pair> out;
    for (const auto& t : duet_triples(p.settings)) {
        out.push_back({t.base, t.cand, t.control, t.twin});
    }
    return out;
}

} // namespace grp
