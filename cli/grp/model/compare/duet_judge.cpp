#include "grp/model/compare/duet_judge.hpp"

#include "grp/model/compare/control.hpp"

#include <algorithm>

namespace grp {

std::string runs_text(const profile& p, const std::vector<run_index>& runs) {
    std::string out;
    for (std::size_t i = 0; i < runs.size() && i < 3; ++i) {
        const auto& source = p.runs.at(runs[i]).source;
        out += (i == 0 ? "run " : ", run ") + std::to_string(runs[i]) +
               (source.empty() ? "" : " (" + source + ")");
    }
    return out + (runs.size() > 3 ? " and " + std::to_string(runs.size() - 3) + " more" : "");
}

namespace {

/// One A/A control's comparison: `copy`, the second instance of `original`.
struct control_run {
    std::string original, what;
    comparison result;
};

/// The controls of `pairs`, each once (a base gated several candidates, a candidate may be
/// paired with several bases): the bases' controls, then the candidates' twins.
std::vector<control_run> controls_of(const profile& p, const std::vector<kernel_pair>& pairs,
                                     const compare_options& opt, const std::string& file) {
    std::vector<control_run> out;
    const auto add = [&](const std::string& original, const std::string& copy, const char* what,
                         const std::pair<std::string, std::string>& other) {
        if (copy.empty() || std::any_of(out.begin(), out.end(), [&](const control_run& c) {
                return c.original == original;
            })) {
            return;
        }
        out.push_back({original, what, compare_control(p, original, copy, opt, file, other)});
    };
    // Each control is judged on the four instances of its pair (its first, where a base gates
    // several candidates).
    for (const auto& pr : pairs) {
        add(pr.base, pr.control, "the base kernel built again", {pr.cand, pr.twin});
    }
    for (const auto& pr : pairs) {
        add(pr.cand, pr.twin, "the candidate built again", {pr.base, pr.control});
    }
    return out;
}

} // namespace

std::vector<comparison> judge_duet(const profile& p, const std::vector<kernel_pair>& pairs,
                                   const compare_options& opt, const std::string& file) {
    const auto controls = controls_of(p, pairs, opt, file);
    std::vector<comparison> all;
    all.reserve(controls.size() + pairs.size());
    for (const auto& c : controls) {
        all.push_back(c.result);
    }
    for (const auto& pr : pairs) {
        auto c = compare_pair(p, pr, opt, file);
        std::vector<control_gate> gates;
        for (const auto& ctrl : controls) {
            if (ctrl.original == pr.base || ctrl.original == pr.cand) {
                gates.push_back({&ctrl.result, ctrl.what});
            }
        }
        apply_controls(c, gates, opt);
        const auto runs = runs_of_pair(p, pr);
        if (const auto lone = runs.base_only.size() + runs.cand_only.size(); lone > 0) {
            c.warnings.push_back(
                std::to_string(lone) + " run(s) timed only one of " + pr.base + " and " + pr.cand +
                " (" + runs_text(p, runs.base_only.empty() ? runs.cand_only : runs.base_only) +
                "): their rounds have no partner and are not judged");
        }
        if (pr.control.empty()) {
            c.warnings.push_back("no A/A control beside " + pr.base +
                                 ": identical code was not timed in this duet, so a bias of the "
                                 "experiment would read as a change (run --duet adds one)");
        }
        all.push_back(std::move(c));
    }
    return all;
}

bool reads_not_slower(const case_comparison& cc, double threshold) {
    return cc.outcome == verdict::inconclusive && cc.ratio && cc.ci_high && cc.bias_allowed &&
           *cc.ci_high * *cc.bias_allowed <= 1 + threshold;
}

std::size_t undecided_cases(const std::vector<comparison>& judged,
                            std::optional<double> one_sided) {
    std::size_t n = 0;
    for (const auto& c : judged) {
        if (c.control) {
            continue; // a control's inconclusive case counts through the candidates it gates
        }
        n += static_cast<std::size_t>(
            std::count_if(c.cases.begin(), c.cases.end(), [&](const case_comparison& k) {
                return k.outcome == verdict::inconclusive &&
                       !(one_sided && reads_not_slower(k, *one_sided));
            }));
    }
    return n;
}

} // namespace grp
