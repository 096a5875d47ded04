#include "grp/model/compare/multiplicity.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

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

std::string p_text(double p) {
    std::ostringstream os;
    os.precision(2);
    os << p;
    return os.str();
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

void correct_for_multiplicity(std::vector<case_comparison>& cases, const compare_options& opt) {
    if (opt.correction != multiple_correction::holm) {
        return;
    }
    std::vector<std::size_t> tested;
    std::vector<double> p;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (cases[i].p_value) {
            tested.push_back(i);
            p.push_back(*cases[i].p_value);
        }
    }
    const auto keep = holm_rejections(p, opt.alpha);
    const auto bars = holm_bars(p, opt.alpha);
    for (std::size_t j = 0; j < tested.size(); ++j) {
        auto& cc = cases[tested[j]];
        if (keep[j] || (cc.outcome != verdict::slower && cc.outcome != verdict::faster)) {
            continue;
        }
        const std::string was = to_string(cc.outcome);
        cc.outcome = verdict::inconclusive;
        cc.fails = opt.fail_on.inconclusive;
        cc.note = was + " alone (p = " + p_text(*cc.p_value) + "), but not among the " +
                  std::to_string(tested.size()) +
                  " cases compared: Holm's correction needs p <= " + p_text(bars[j]) +
                  " here, so that an unchanged build fails at most " + p_text(opt.alpha * 100) +
                  " % of the time (--correction none judges each " + "case alone)";
    }
}

} // namespace grp
