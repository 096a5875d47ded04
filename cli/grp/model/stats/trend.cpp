#include "grp/model/stats/trend.hpp"

#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace grp {

namespace {

// Below this n without ties the exact null distribution of S is used: 9! = 362880
// permutations, counted by a table of 37 inversion counts, not enumerated.
constexpr std::size_t exact_below = 10;

double mann_kendall_s(const std::vector<double>& y) {
    double s = 0;
    for (std::size_t i = 0; i < y.size(); ++i) {
        for (std::size_t j = i + 1; j < y.size(); ++j) {
            s += static_cast<double>((y[j] > y[i]) - (y[j] < y[i]));
        }
    }
    return s;
}

// Sum of t (t - 1) (2t + 5) over the groups of tied values (0 without ties).
double tie_term(std::vector<double> y) {
    std::sort(y.begin(), y.end());
    double sum = 0;
    for (std::size_t i = 0; i < y.size();) {
        std::size_t j = i;
        while (j < y.size() && y[j] == y[i]) {
            ++j;
        }
        const auto t = static_cast<double>(j - i);
        sum += t * (t - 1) * (2 * t + 5);
        i = j;
    }
    return sum;
}

// P(|S| >= |s|) under H0 for n distinct values. S = N - 2 I with N = n(n-1)/2 pairs and I the
// permutation's inversions; the number of permutations of n with k inversions (Mahonian
// numbers) obeys M(m, k) = sum of M(m-1, k-j) over j < m.
double exact_two_sided_p(std::size_t n, double s) {
    const std::size_t pairs = n * (n - 1) / 2;
    std::vector<double> count{1};
    for (std::size_t m = 2; m <= n; ++m) {
        std::vector<double> next(count.size() + m - 1, 0);
        for (std::size_t k = 0; k < count.size(); ++k) {
            for (std::size_t j = 0; j < m; ++j) {
                next[k + j] += count[k];
            }
        }
        count = std::move(next);
    }
    double total = 0, tail = 0;
    for (std::size_t k = 0; k <= pairs; ++k) {
        total += count[k];
        const double sk = static_cast<double>(pairs) - 2 * static_cast<double>(k);
        if (std::abs(sk) >= std::abs(s)) {
            tail += count[k];
        }
    }
    return tail / total;
}

// Theil-Sen's slope and Sen's interval: the median of the pairwise slopes, and the order
// statistics (N -+ z sqrt(Var S)) / 2 of them, rounded half to even and clamped as
// scipy.stats.theilslopes does (numpy rounds half to even; nearbyint does in the default mode).
void theil_sen(const std::vector<double>& y, double confidence, trend_estimate& t) {
    std::vector<double> slopes;
    for (std::size_t i = 0; i < y.size(); ++i) {
        for (std::size_t j = i + 1; j < y.size(); ++j) {
            slopes.push_back((y[j] - y[i]) / static_cast<double>(j - i));
        }
    }
    std::sort(slopes.begin(), slopes.end());
    const std::size_t m = slopes.size();
    t.slope = m % 2 == 1 ? slopes[m / 2] : 0.5 * (slopes[m / 2 - 1] + slopes[m / 2]);
    const double z = student_t_quantile(0.5 + confidence / 2, infinite_df);
    const double half = z * std::sqrt(t.variance);
    const auto nt = static_cast<double>(m);
    const double upper = std::min(std::nearbyint((nt + half) / 2), nt - 1);
    const double lower = std::max(std::nearbyint((nt - half) / 2) - 1, 0.0);
    t.slope_low = slopes[static_cast<std::size_t>(lower)];
    t.slope_high = slopes[static_cast<std::size_t>(upper)];
}

} // namespace

trend_estimate mann_kendall(const std::vector<double>& y, double confidence) {
    if (!(confidence > 0 && confidence < 1)) {
        throw std::invalid_argument("mann_kendall: confidence must be in (0, 1)");
    }
    for (double v : y) {
        if (!std::isfinite(v)) {
            throw std::invalid_argument("mann_kendall: a value is not finite");
        }
    }
    trend_estimate t;
    t.n = y.size();
    if (t.n < 3) {
        return t;
    }
    const auto n = static_cast<double>(t.n);
    const double ties = tie_term(y);
    t.s = mann_kendall_s(y);
    t.variance = (n * (n - 1) * (2 * n + 5) - ties) / 18;
    if (t.variance > 0 && t.s != 0) {
        t.z = (t.s - std::copysign(1.0, t.s)) / std::sqrt(t.variance);
    }
    if (t.n < exact_below && ties == 0) {
        t.p_value = exact_two_sided_p(t.n, t.s);
    } else if (t.variance > 0) {
        t.p_value = std::min(1.0, 2 * student_t_cdf(-std::abs(t.z), infinite_df));
    }
    theil_sen(y, confidence, t);
    return t;
}

} // namespace grp
