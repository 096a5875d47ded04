#include "grp/model/stats/multiplicity.hpp"

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

std::vector<double> benjamini_hochberg(const std::vector<double>& p_values) {
    const auto order = ascending(p_values);
    const auto m = static_cast<double>(p_values.size());
    std::vector<double> q(p_values.size(), std::nan(""));
    double running = 1;
    // From the largest p down: the step-up's minimum over j >= k, NaN (sorted last) skipped.
    for (std::size_t k = order.size(); k-- > 0;) {
        const double p = p_values[order[k]];
        if (std::isnan(p)) {
            continue;
        }
        running = std::min(running, m * p / static_cast<double>(k + 1));
        q[order[k]] = running;
    }
    return q;
}

} // namespace grp
