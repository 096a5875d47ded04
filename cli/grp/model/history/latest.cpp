#include "grp/model/history/latest.hpp"

#include "grp/model/stats/stats.hpp"
#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>

namespace grp {

namespace {

std::optional<latest_shift> shift_of(const std::vector<weighted_point>& w, std::size_t k,
                                     std::size_t level_start, std::size_t window,
                                     std::size_t min_level) {
    if (w.size() < k + min_level) {
        return std::nullopt;
    }
    const auto end = w.size() - k;
    const auto from = std::max(level_start, end - std::min(end, window));
    if (end < from + min_level) {
        return std::nullopt;
    }
    std::vector<double> level, newest;
    for (auto i = from; i < end; ++i) {
        level.push_back(w[i].value);
    }
    for (auto i = end; i < w.size(); ++i) {
        newest.push_back(w[i].value);
    }
    const double n = static_cast<double>(level.size());
    const double s = stddev(level);
    latest_shift r{k, from, mean_of(newest) - mean_of(level), 0, n - 1, 1};
    r.change_se = s * std::sqrt(1 / static_cast<double>(k) + 1 / n);
    if (r.change_se > 0) {
        r.p_value = 2 * (1 - student_t_cdf(std::abs(r.change) / r.change_se, r.df));
    } else {
        r.p_value = r.change == 0 ? 1.0 : 0.0;
    }
    return r;
}

} // namespace

std::optional<latest_shift> newest_shift(const std::vector<weighted_point>& w,
                                         std::size_t level_start, std::size_t window,
                                         std::size_t min_level) {
    auto one = shift_of(w, 1, level_start, window, min_level);
    auto two = shift_of(w, 2, level_start, window, min_level);
    auto best = !two || (one && one->p_value <= two->p_value) ? one : two;
    if (best) {
        best->p_value = std::min(1.0, 2 * best->p_value);
    }
    return best;
}

} // namespace grp
