#include "grp/model/stats/rank_tests.hpp"

#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace grp {

namespace {

constexpr std::size_t exact_limit = 50; // as scipy.stats.wilcoxon's method "auto"

/// Ranks 1..n of `v` with ties averaged, in input order; `ties` gets sum(t^3 - t).
std::vector<double> average_ranks(const std::vector<double>& v, double& ties) {
    std::vector<std::size_t> order(v.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&v](auto a, auto b) { return v[a] < v[b]; });
    std::vector<double> rank(v.size());
    ties = 0;
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) {
            ++j;
        }
        const double t = static_cast<double>(j - i + 1);
        ties += t * t * t - t;
        for (std::size_t k = i; k <= j; ++k) {
            rank[order[k]] = static_cast<double>(i + j) / 2 + 1;
        }
        i = j + 1;
    }
    return rank;
}

/// P(W+ = w) for w = 0..n(n+1)/2 under H0: each rank's sign is a fair coin.
std::vector<double> signed_rank_pmf(std::size_t n) {
    std::vector<double> p(n * (n + 1) / 2 + 1, 0.0);
    p[0] = 1;
    std::size_t top = 0;
    for (std::size_t k = 1; k <= n; ++k) {
        top += k;
        for (std::size_t w = top; w >= k; --w) {
            p[w] = (p[w] + p[w - k]) / 2;
        }
        for (std::size_t w = std::min(k, top + 1); w-- > 0;) {
            p[w] /= 2;
        }
    }
    return p;
}

/// The 1-based rank k of the lower interval end among the M Walsh averages: the largest k with
/// P(W+ <= k - 1) <= alpha / 2 (0: no interval at this confidence).
std::size_t interval_rank(std::size_t n, double alpha, bool exact) {
    const auto fn = static_cast<double>(n);
    if (exact) {
        const auto pmf = signed_rank_pmf(n);
        double below = 0; // P(W+ <= k - 1)
        std::size_t k = 0;
        while (k < pmf.size() && below + pmf[k] <= alpha / 2) {
            below += pmf[k];
            ++k;
        }
        return k;
    }
    const double z = student_t_quantile(1 - alpha / 2, std::numeric_limits<double>::infinity());
    const double k =
        std::floor(fn * (fn + 1) / 4 - z * std::sqrt(fn * (fn + 1) * (2 * fn + 1) / 24));
    return k < 1 ? 0 : static_cast<std::size_t>(k);
}

void walsh_summary(const std::vector<double>& d, double alpha, bool exact, signed_rank_result& r) {
    std::vector<double> walsh;
    walsh.reserve(d.size() * (d.size() + 1) / 2);
    for (std::size_t i = 0; i < d.size(); ++i) {
        for (std::size_t j = i; j < d.size(); ++j) {
            walsh.push_back((d[i] + d[j]) / 2);
        }
    }
    std::sort(walsh.begin(), walsh.end());
    const std::size_t m = walsh.size();
    r.estimate = m % 2 ? walsh[m / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2;
    const std::size_t k = interval_rank(d.size(), alpha, exact);
    r.bounded = k >= 1 && k <= m / 2;
    if (r.bounded) {
        r.ci_low = walsh[k - 1];
        r.ci_high = walsh[m - k];
    }
}

/// Regularized lower gamma P(a, x) by its series (x < a + 1) or 1 - Q by Lentz's continued
/// fraction; returns Q(a, x) = 1 - P(a, x).
double upper_gamma_q(double a, double x) {
    if (!(x > 0)) {
        return 1.0;
    }
    const double log_front = a * std::log(x) - x - std::lgamma(a);
    if (x < a + 1) {
        double term = 1 / a, sum = term;
        for (int n = 1; n < 1000 && std::fabs(term) > std::fabs(sum) * 1e-16; ++n) {
            term *= x / (a + n);
            sum += term;
        }
        return 1 - sum * std::exp(log_front);
    }
    constexpr double tiny = 1e-300;
    double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
    for (int i = 1; i < 1000; ++i) {
        const double an = -i * (i - a);
        b += 2;
        d = an * d + b;
        d = std::fabs(d) < tiny ? tiny : d;
        c = b + an / c;
        c = std::fabs(c) < tiny ? tiny : c;
        d = 1 / d;
        h *= d * c;
        if (std::fabs(d * c - 1) < 1e-16) {
            break;
        }
    }
    return std::exp(log_front) * h;
}

} // namespace

double signed_rank_cdf(std::size_t n, double w) {
    if (w < 0) {
        return 0;
    }
    const auto pmf = signed_rank_pmf(n);
    double sum = 0;
    for (std::size_t k = 0; k < pmf.size() && static_cast<double>(k) <= w; ++k) {
        sum += pmf[k];
    }
    return std::min(1.0, sum);
}

signed_rank_result signed_rank_test(const std::vector<double>& d, double confidence) {
    if (!(confidence > 0 && confidence < 1)) {
        throw std::invalid_argument("signed_rank_test: confidence must be in (0, 1)");
    }
    std::vector<double> nonzero, magnitude;
    for (double x : d) {
        if (!std::isfinite(x)) {
            throw std::invalid_argument("signed_rank_test: a value is not finite");
        }
        if (x != 0) {
            nonzero.push_back(x);
            magnitude.push_back(std::fabs(x));
        }
    }
    signed_rank_result r;
    r.n = nonzero.size();
    double ties = 0;
    const auto rank = average_ranks(magnitude, ties);
    for (std::size_t i = 0; i < r.n; ++i) {
        r.w_plus += nonzero[i] > 0 ? rank[i] : 0;
    }
    const auto n = static_cast<double>(r.n);
    r.exact = r.n <= exact_limit && ties == 0 && r.n == d.size();
    if (r.n == 0) {
        r.p_value = 1;
    } else if (r.exact) {
        const double low = std::min(r.w_plus, n * (n + 1) / 2 - r.w_plus);
        r.p_value = std::min(1.0, 2 * signed_rank_cdf(r.n, low));
    } else {
        const double var = n * (n + 1) * (2 * n + 1) / 24 - ties / 48;
        r.p_value = var > 0 ? std::min(1.0, 2 * normal_sf(std::fabs(r.w_plus - n * (n + 1) / 4) /
                                                          std::sqrt(var)))
                            : 1.0;
    }
    if (!d.empty()) {
        walsh_summary(d, 1 - confidence, d.size() <= exact_limit, r);
    }
    return r;
}

double chi_square_sf(double x, double k) {
    if (!(k > 0)) {
        throw std::invalid_argument("chi_square_sf: k must be > 0");
    }
    return std::clamp(upper_gamma_q(k / 2, x / 2), 0.0, 1.0);
}

kruskal_result kruskal_wallis(const std::vector<std::vector<double>>& groups) {
    std::vector<double> all;
    std::vector<std::size_t> sizes;
    for (const auto& g : groups) {
        if (!g.empty()) {
            all.insert(all.end(), g.begin(), g.end());
            sizes.push_back(g.size());
        }
    }
    kruskal_result r;
    if (sizes.size() < 2) {
        return r;
    }
    double ties = 0;
    const auto rank = average_ranks(all, ties);
    const auto big_n = static_cast<double>(all.size());
    const double correction = 1 - ties / (big_n * big_n * big_n - big_n);
    r.df = static_cast<double>(sizes.size() - 1);
    if (!(correction > 0)) {
        return r; // every value equal
    }
    double sum = 0;
    std::size_t at = 0;
    for (std::size_t size : sizes) {
        double ranks = 0;
        for (std::size_t i = 0; i < size; ++i) {
            ranks += rank[at + i];
        }
        at += size;
        sum += ranks * ranks / static_cast<double>(size);
    }
    r.h = (12 / (big_n * (big_n + 1)) * sum - 3 * (big_n + 1)) / correction;
    r.p_value = chi_square_sf(r.h, r.df);
    return r;
}

grouped_means kruskal_by_group(const std::map<std::string, std::vector<double>>& groups) {
    grouped_means out;
    std::vector<std::vector<double>> values;
    for (const auto& [label, v] : groups) {
        values.push_back(v);
        out.means.push_back(std::accumulate(v.begin(), v.end(), 0.0) /
                            static_cast<double>(v.size()));
    }
    out.kw = kruskal_wallis(values);
    return out;
}

} // namespace grp
