#include "grp/model/compare/best_ties.hpp"

#include "grp/model/compare/options.hpp"
#include "grp/model/compare/side.hpp"

#include <algorithm>
#include <cmath>

namespace grp {

namespace {

bool same_group(const case_result& c, const best_config& b) {
    return c.scenario.empty() && c.device == b.device && c.key.type == b.type &&
           c.key.layout == b.layout && c.key.n == b.n && c.key.op == b.op;
}

bool competes(const case_result& c) {
    return can_win(c);
}

/// The competitors of `b` other than its winner, fastest median first.
std::vector<const case_result*> others_of(const profile& p, const best_config& b,
                                          const case_result*& winner) {
    std::vector<const case_result*> others;
    for (const auto& c : p.cases) {
        if (!same_group(c, b) || !competes(c)) {
            continue;
        }
        if (c.key == b.key && winner == nullptr) {
            winner = &c;
        } else {
            others.push_back(&c);
        }
    }
    std::stable_sort(others.begin(), others.end(), [](const case_result* x, const case_result* y) {
        return x->summary->median_ns < y->summary->median_ns;
    });
    return others;
}

void note_rounds(best_ties& t, std::size_t rounds) {
    t.fewest_rounds = t.fewest_rounds == 0 ? rounds : std::min(t.fewest_rounds, rounds);
}

nlohmann::ordered_json key_json(const case_result& c) {
    nlohmann::ordered_json j;
    to_json(j, c.key);
    return j;
}

nlohmann::ordered_json keys_json(const std::vector<const case_result*>& cases) {
    auto out = nlohmann::ordered_json::array();
    for (const auto* c : cases) {
        out.push_back(key_json(*c));
    }
    return out;
}

} // namespace

tie_class classify_against_winner(const change_estimate& e, double threshold) {
    // compare's verdict against the winner: slower beyond the threshold is separated, same is
    // tied, the rest (inconclusive) is not separated.
    const double lo = std::log(1 - threshold), hi = std::log(1 + threshold);
    if (e.estimable && e.ci_low > 0 && e.log_change > hi) {
        return tie_class::separated;
    }
    if (e.estimable && e.ci_low >= lo && e.ci_high <= hi) {
        return tie_class::tied;
    }
    return tie_class::not_separated;
}

best_ties ties_of(const profile& p, const best_config& b) {
    best_ties t;
    // The configurations of a sweep point ran in the same rounds of the same processes, as a
    // duet's kernels do: every round is kept, as compare keeps a duet's.
    const compare_options opt = same_round_options();
    t.confidence = 1 - opt.alpha;
    t.threshold = opt.threshold;
    const auto others = others_of(p, b, t.winner);
    if (t.winner == nullptr) {
        return t;
    }
    const auto w = rounds_of(p, *t.winner, opt);
    for (const auto* c : others) {
        t.several_kernels = t.several_kernels || c->key.kernel != t.winner->key.kernel;
        const auto o = rounds_of(p, *c, opt);
        const auto e = w.problem.empty() && o.problem.empty()
                           ? estimate_change(w.runs, o.runs, t.confidence)
                           : change_estimate{};
        if (t.runner_up == nullptr) {
            t.runner_up = c;
            t.margin = e;
        }
        const auto where = classify_against_winner(e, t.threshold);
        if (where == tie_class::separated) {
            continue;
        }
        if (where == tie_class::tied) {
            t.tied.push_back(c);
            continue;
        }
        t.not_separated.push_back(c);
        note_rounds(t, w.rounds);
        note_rounds(t, o.rounds);
        if (t.no_interval.empty()) {
            t.no_interval = !w.problem.empty() ? w.problem : o.problem;
        }
    }
    return t;
}

nlohmann::ordered_json best_separation_json(const best_ties& t) {
    if (t.winner == nullptr || t.runner_up == nullptr) {
        return nullptr;
    }
    const auto& m = t.margin;
    const auto ratio = [&m](double log_change) {
        return m.estimable ? nlohmann::ordered_json(std::exp(log_change) - 1) : nullptr;
    };
    const nlohmann::ordered_json runner = {{"key", key_json(*t.runner_up)},
                                           {"change", ratio(m.log_change)},
                                           {"ci_low", ratio(m.ci_low)},
                                           {"ci_high", ratio(m.ci_high)}};
    return {{"confidence", t.confidence},       {"threshold", t.threshold},
            {"tied", keys_json(t.tied)},        {"not_separated", keys_json(t.not_separated)},
            {"fewest_rounds", t.fewest_rounds}, {"runner_up", runner}};
}

} // namespace grp
