#include "grp/model/mann_whitney.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>
#include <utility>

namespace grp {

namespace {

struct rank_sums {
    double rank_sum_x = 0; ///< sum of the mid-ranks of the first sample (ranks start at 1)
    double tie_term = 0;   ///< Σ (t³ − t) over groups of t equal values
};

rank_sums rank(const std::vector<double>& x, const std::vector<double>& y) {
    // (value, from x?) pairs sorted by value; equal values share the mean of their ranks.
    std::vector<std::pair<double, bool>> all;
    all.reserve(x.size() + y.size());
    for (double v : x) {
        all.emplace_back(v, true);
    }
    for (double v : y) {
        all.emplace_back(v, false);
    }
    std::sort(all.begin(), all.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    rank_sums r;
    std::size_t i = 0;
    while (i < all.size()) {
        std::size_t j = i;
        while (j < all.size() && all[j].first == all[i].first) {
            ++j;
        }
        // Positions i..j-1 hold ranks i+1..j; their mean is (i + 1 + j) / 2.
        double mid_rank = (static_cast<double>(i) + 1.0 + static_cast<double>(j)) / 2.0;
        auto t = static_cast<double>(j - i);
        r.tie_term += t * t * t - t;
        for (std::size_t k = i; k < j; ++k) {
            if (all[k].second) {
                r.rank_sum_x += mid_rank;
            }
        }
        i = j;
    }
    return r;
}

double exact_p(double u, std::size_t m, std::size_t n) {
    auto counts = mann_whitney_u_counts(m, n);
    auto k = static_cast<std::size_t>(std::llround(u));
    std::int64_t total = std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
    std::int64_t at_most = std::accumulate(counts.begin(), counts.begin() + k + 1, std::int64_t{0});
    std::int64_t at_least = total - at_most + counts[k];
    double tail = static_cast<double>(std::min(at_most, at_least)) / static_cast<double>(total);
    return std::min(1.0, 2.0 * tail);
}

} // namespace

double mann_whitney_result::prob_x_greater() const {
    if (n_x == 0 || n_y == 0) {
        return 0.5;
    }
    return u_x / (static_cast<double>(n_x) * static_cast<double>(n_y));
}

std::vector<std::int64_t> mann_whitney_u_counts(std::size_t m, std::size_t n) {
    assert(m <= mann_whitney_exact_max_n && n <= mann_whitney_exact_max_n);
    // [n+i choose i]_q = [n+i-1 choose i-1]_q · (1 − q^(n+i)) / (1 − q^i), starting from 1.
    // Every step leaves a polynomial with non-negative integer coefficients (counts of
    // arrangements), so the division is exact.
    std::vector<std::int64_t> c(m * n + m + 1, 0);
    c[0] = 1;
    for (std::size_t i = 1; i <= m; ++i) {
        std::size_t shift = n + i;
        for (std::size_t k = c.size(); k-- > shift;) {
            c[k] -= c[k - shift];
        }
        for (std::size_t k = i; k < c.size(); ++k) {
            c[k] += c[k - i];
        }
    }
    c.resize(m * n + 1);
    return c;
}

mann_whitney_result mann_whitney_u(const std::vector<double>& x, const std::vector<double>& y) {
    mann_whitney_result r;
    r.n_x = x.size();
    r.n_y = y.size();
    if (x.empty() || y.empty()) {
        return r;
    }
    const auto nx = static_cast<double>(r.n_x);
    const auto ny = static_cast<double>(r.n_y);
    rank_sums s = rank(x, y);
    r.u_x = s.rank_sum_x - nx * (nx + 1.0) / 2.0;
    r.u_y = nx * ny - r.u_x;
    if (s.tie_term == 0 && r.n_x <= mann_whitney_exact_max_n && r.n_y <= mann_whitney_exact_max_n) {
        r.exact = true;
        r.p_value = exact_p(r.u_x, r.n_x, r.n_y);
        return r;
    }
    const double big_n = nx + ny;
    const double variance = nx * ny / 12.0 * ((big_n + 1.0) - s.tie_term / (big_n * (big_n - 1.0)));
    if (variance <= 0) {
        return r; // every value equal: no evidence of a shift
    }
    const double mean = nx * ny / 2.0;
    r.z = std::max(0.0, std::fabs(r.u_x - mean) - 0.5) / std::sqrt(variance);
    r.p_value = std::min(1.0, std::erfc(r.z / std::sqrt(2.0)));
    return r;
}

mann_whitney_result mann_whitney_u(const std::vector<std::uint64_t>& x,
                                   const std::vector<std::uint64_t>& y) {
    return mann_whitney_u(std::vector<double>(x.begin(), x.end()),
                          std::vector<double>(y.begin(), y.end()));
}

} // namespace grp
