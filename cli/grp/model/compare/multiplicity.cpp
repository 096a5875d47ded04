#include "grp/model/compare/multiplicity.hpp"

#include "grp/model/compare/rules.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace grp {

namespace {

// Indices of `p` by ascending p-value, NaN last (never rejected).
std::vector<std::size_t> ascending(const std::vector<double>& p) {
    std::vector<std::size_t> order(p.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (std::isnan(p[a]) || std::isnan(p[b])) {
            return !std::isnan(p[a]) && std::isnan(p[b]);
        }
        return p[a] < p[b];
    });
    return order;
}

} // namespace

std::vector<double> holm_bars(const std::vector<double>& p_values, double alpha) {
    const auto order = ascending(p_values);
    const auto m = static_cast<double>(p_values.size());
    std::vector<double> bar(p_values.size(), 0);
    double stop_bar = -1;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const double b = alpha / (m - static_cast<double>(k));
        const double p = p_values[order[k]];
        if (stop_bar < 0 && !(p <= b)) {
            stop_bar = b;
        }
        bar[order[k]] = stop_bar < 0 ? b : stop_bar;
    }
    return bar;
}

std::vector<bool> holm_rejections(const std::vector<double>& p_values, double alpha) {
    const auto order = ascending(p_values);
    const auto m = static_cast<double>(p_values.size());
    std::vector<bool> out(p_values.size(), false);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const double p = p_values[order[k]];
        if (!(p <= alpha / (m - static_cast<double>(k)))) {
            break;
        }
        out[order[k]] = true;
    }
    return out;
}

namespace {

// One family: the claims of one direction. A case's one-sided p towards `v` is half its
// two-sided p when its change points that way, else 1 - half.
void correct_direction(std::vector<case_comparison>& cases, const std::vector<std::size_t>& tested,
                       verdict v, const compare_options& opt) {
    std::vector<double> p;
    for (auto i : tested) {
        const auto& cc = cases[i];
        const bool towards = (v == verdict::slower) == (cc.ratio && *cc.ratio > 1);
        p.push_back(towards ? *cc.p_value / 2 : 1 - *cc.p_value / 2);
    }
    const auto keep = holm_rejections(p, opt.alpha);
    const auto bars = holm_bars(p, opt.alpha);
    for (std::size_t j = 0; j < tested.size(); ++j) {
        auto& cc = cases[tested[j]];
        if (keep[j] || cc.outcome != v) {
            continue;
        }
        cc.outcome = verdict::inconclusive;
        cc.fails = opt.fail_on.inconclusive;
        // The notes a decided verdict carries (source changed, rounds set aside) stay.
        cc.note = to_string(v) + " alone (one-sided p = " + p_text(p[j]) + "), but not among the " +
                  std::to_string(tested.size()) +
                  " cases compared: Holm's correction needs p <= " + p_text(bars[j]) +
                  " here, so that an unchanged build is called " + to_string(v) + " at most " +
                  p_text(opt.alpha * 100) + " % of the time (--correction none " +
                  "judges each case alone)" + (cc.note.empty() ? "" : "; " + cc.note);
    }
}

} // namespace

void correct_for_multiplicity(std::vector<case_comparison>& cases, const compare_options& opt) {
    if (opt.correction != multiple_correction::holm) {
        return;
    }
    std::vector<std::size_t> tested;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (cases[i].p_value) {
            tested.push_back(i);
        }
    }
    correct_direction(cases, tested, verdict::slower, opt);
    correct_direction(cases, tested, verdict::faster, opt);
}

} // namespace grp
