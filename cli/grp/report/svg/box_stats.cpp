#include "grp/report/svg/box_stats.hpp"

#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cmath>

namespace grp::svg {

std::optional<box_stats> box_stats_of(std::vector<double> values) {
    values.erase(
        std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }),
        values.end());
    if (values.empty()) {
        return std::nullopt;
    }
    std::sort(values.begin(), values.end());
    box_stats b;
    b.count = values.size();
    b.q1 = percentile_sorted(values, 0.25);
    b.median = percentile_sorted(values, 0.5);
    b.q3 = percentile_sorted(values, 0.75);
    const double iqr = b.q3 - b.q1;
    const double lo_fence = b.q1 - 1.5 * iqr, hi_fence = b.q3 + 1.5 * iqr;
    b.low = b.q1;
    b.high = b.q3;
    for (double v : values) {
        if (v < lo_fence || v > hi_fence) {
            b.outliers.push_back(v);
        } else {
            b.low = std::min(b.low, v);
            b.high = std::max(b.high, v);
        }
    }
    return b;
}

} // namespace grp::svg
