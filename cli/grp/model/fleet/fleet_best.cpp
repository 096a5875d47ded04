#include "grp/model/fleet/fleet_best.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/best_ties.hpp"
#include "grp/model/compare/options.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/profile/best.hpp"
#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace grp {

namespace {

using point = std::tuple<std::string, std::string, std::string, std::uint64_t, std::string>;

/// A card's level and the standard error of its log (NaN: the fit gave no interval).
struct card_error {
    double level = 1, log_se = std::nan("");
};

std::map<int, card_error> card_errors(const model_levels& m, double confidence) {
    std::map<int, card_error> out;
    const double t = m.df > 0 ? student_t_quantile(0.5 + confidence / 2, m.df) : 0;
    for (const auto& c : m.cards) {
        out[c.device] = {c.level,
                         t > 0 ? (std::log(c.high) - std::log(c.low)) / (2 * t) : std::nan("")};
    }
    return out;
}

double normalized(const case_result& c, const std::map<int, card_error>& cards) {
    return c.summary->median_ns / cards.at(c.device).level;
}

/// `o` against the winner `w` on the normalised scale: compare's estimate over the rounds, moved
/// by the two cards' levels, with their errors added where the cards differ.
change_estimate against(const profile& p, const case_result& w, const case_result& o,
                        const std::map<int, card_error>& cards, double df_cards) {
    const compare_options opt = same_round_options();
    const auto rw = rounds_of(p, w, opt), ro = rounds_of(p, o, opt);
    if (!rw.problem.empty() || !ro.problem.empty()) {
        return {};
    }
    auto e = estimate_change(rw.runs, ro.runs, 1 - opt.alpha);
    if (!e.estimable || w.device == o.device) {
        return e;
    }
    const auto& cw = cards.at(w.device);
    const auto& co = cards.at(o.device);
    if (!std::isfinite(cw.log_se) || !std::isfinite(co.log_se) || df_cards <= 0) {
        e.estimable = false;
        e.why_not = "the cards' levels have no interval";
        return e;
    }
    e.log_change += std::log(cw.level) - std::log(co.level);
    e.std_error =
        std::sqrt(e.std_error * e.std_error + cw.log_se * cw.log_se + co.log_se * co.log_se);
    e.df = std::min(e.df, df_cards);
    const double t = student_t_quantile(1 - opt.alpha / 2, e.df);
    e.ci_low = e.log_change - t * e.std_error;
    e.ci_high = e.log_change + t * e.std_error;
    return e;
}

void classify(fleet_best& b, const case_result& c, const change_estimate& e) {
    if (b.runner_up == nullptr) {
        b.runner_up = &c;
        b.margin = e;
    }
    switch (classify_against_winner(e, same_round_options().threshold)) {
    case tie_class::separated:
        ++b.separated;
        break;
    case tie_class::tied:
        b.tied.push_back(&c);
        break;
    case tie_class::not_separated:
        b.not_separated.push_back(&c);
        break;
    }
}

/// The best of one sweep point over one model's cards; `cases` can win, fastest normalised
/// first, one instance per key (an anchor timed on every card counts once, at its fastest).
fleet_best best_of(const profile& p, const point& at, std::vector<const case_result*> cases,
                   const model_levels& m, const std::map<int, card_error>& cards) {
    fleet_best b;
    std::tie(b.model, b.type, b.layout, b.n, b.op) = at;
    std::stable_sort(cases.begin(), cases.end(), [&](const case_result* x, const case_result* y) {
        return normalized(*x, cards) < normalized(*y, cards);
    });
    b.winner = cases.front();
    b.normalized_ns = normalized(*b.winner, cards);
    std::vector<case_key> seen{b.winner->key};
    for (std::size_t i = 1; i < cases.size(); ++i) {
        if (std::find(seen.begin(), seen.end(), cases[i]->key) != seen.end()) {
            continue;
        }
        seen.push_back(cases[i]->key);
        classify(b, *cases[i], against(p, *b.winner, *cases[i], cards, m.df));
    }
    return b;
}

} // namespace

std::vector<fleet_best> fleet_bests(const profile& p, const fleet_levels& f) {
    std::vector<fleet_best> out;
    for (const auto& m : f.models) {
        if (m.cards.size() < 2) {
            continue;
        }
        const auto cards = card_errors(m, f.confidence);
        std::map<point, std::vector<const case_result*>> points;
        for (const auto& c : p.cases) {
            if (c.scenario.empty() && cards.count(c.device) != 0 && can_win(c)) {
                points[{m.model, c.key.type, c.key.layout, c.key.n, c.key.op}].push_back(&c);
            }
        }
        for (const auto& [at, cases] : points) {
            out.push_back(best_of(p, at, cases, m, cards));
        }
    }
    return out;
}

namespace {

std::string config_of(const case_result& c) {
    return c.key.kernel + " local " + std::to_string(c.key.local_size) + " (card " +
           std::to_string(c.device) + ")";
}

nlohmann::ordered_json configs_json(const std::vector<const case_result*>& cases) {
    auto out = nlohmann::ordered_json::array();
    for (const auto* c : cases) {
        out.push_back({{"key", c->key.to_string()}, {"device", c->device}});
    }
    return out;
}

nlohmann::ordered_json pct_or_null(const change_estimate& e, double log_value) {
    return e.estimable ? nlohmann::ordered_json(std::exp(log_value) - 1) : nullptr;
}

std::string signed_pct(double log_value) {
    const double v = 100 * (std::exp(log_value) - 1);
    return (v >= 0 ? "+" : "") + format_fixed(v, 1) + " %";
}

} // namespace

nlohmann::ordered_json fleet_best_json(const std::vector<fleet_best>& bests) {
    auto out = nlohmann::ordered_json::array();
    for (const auto& b : bests) {
        nlohmann::ordered_json runner = nullptr;
        if (b.runner_up != nullptr) {
            runner = {{"key", b.runner_up->key.to_string()},
                      {"device", b.runner_up->device},
                      {"change", pct_or_null(b.margin, b.margin.log_change)},
                      {"ci_low", pct_or_null(b.margin, b.margin.ci_low)},
                      {"ci_high", pct_or_null(b.margin, b.margin.ci_high)}};
        }
        out.push_back({{"model", b.model},
                       {"type", b.type},
                       {"layout", b.layout},
                       {"n", b.n},
                       {"op", b.op},
                       {"winner",
                        {{"key", b.winner->key.to_string()},
                         {"device", b.winner->device},
                         {"normalized_median_ns", b.normalized_ns}}},
                       {"tied", configs_json(b.tied)},
                       {"not_separated", configs_json(b.not_separated)},
                       {"separated", b.separated},
                       {"runner_up", runner}});
    }
    return out;
}

std::string fleet_best_sentence(const fleet_best& b) {
    std::string s = b.type + " n=" + format_count(b.n) + " on the " + b.model +
                    " cards: " + config_of(*b.winner) + ", " + format_ns(b.normalized_ns) +
                    " normalised";
    if (b.runner_up == nullptr) {
        return s + " (the only configuration)";
    }
    const auto& m = b.margin;
    s += "; next " + config_of(*b.runner_up) +
         (m.estimable ? " " + signed_pct(m.log_change) + " [" + signed_pct(m.ci_low) + ", " +
                            signed_pct(m.ci_high) + "]"
                      : " (no interval: " + m.why_not + ")");
    s += "; " + std::to_string(b.tied.size()) + " tied, " + std::to_string(b.not_separated.size()) +
         " not separated, " + std::to_string(b.separated) + " slower";
    return s;
}

} // namespace grp
