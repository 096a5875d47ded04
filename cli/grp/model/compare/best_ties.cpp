#include "grp/model/compare/best_ties.hpp"

#include "grp/model/compare/side.hpp"

#include <algorithm>

namespace grp {

namespace {

bool same_group(const case_result& c, const best_config& b) {
    return c.scenario.empty() && c.device == b.device && c.key.type == b.type &&
           c.key.layout == b.layout && c.key.n == b.n && c.key.op == b.op;
}

bool competes(const case_result& c) {
    return c.status == case_status::ok && c.summary && !screened_by_halving(c);
}

} // namespace

best_ties ties_of(const profile& p, const best_config& b) {
    best_ties t;
    const compare_options opt;
    t.confidence = 1 - opt.alpha;
    std::vector<const case_result*> others;
    for (const auto& c : p.cases) {
        if (!same_group(c, b) || !competes(c)) {
            continue;
        }
        if (c.key == b.key && t.winner == nullptr) {
            t.winner = &c;
        } else {
            others.push_back(&c);
        }
    }
    if (t.winner == nullptr) {
        return t;
    }
    std::stable_sort(others.begin(), others.end(), [](const case_result* x, const case_result* y) {
        return x->summary->median_ns < y->summary->median_ns;
    });
    const auto w = rounds_of(p, *t.winner, opt);
    for (const auto* c : others) {
        const auto o = rounds_of(p, *c, opt);
        if (!w.problem.empty() || !o.problem.empty()) {
            continue;
        }
        const auto e = estimate_change(w.runs, o.runs, t.confidence);
        if (t.runner_up == nullptr) {
            t.runner_up = c;
            t.margin = e;
        }
        if (e.estimable && e.ci_low <= 0 && e.ci_high >= 0) {
            t.tied.push_back(c);
        }
    }
    return t;
}

} // namespace grp
