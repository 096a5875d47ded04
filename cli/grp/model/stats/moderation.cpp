#include "grp/model/stats/moderation.hpp"

#include "grp/model/stats/polygamma.hpp"
#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

namespace grp {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

// Rows of the given length with some spread, each scaled to mean square 1.
std::vector<std::vector<double>> standardized(const std::vector<std::vector<double>>& rows,
                                              std::size_t n) {
    std::vector<std::vector<double>> out;
    for (const auto& row : rows) {
        double ss = 0;
        for (double x : row) {
            if (!std::isfinite(x)) {
                throw std::invalid_argument("effective_cases: a residual is not finite");
            }
            ss += x * x;
        }
        if (row.size() != n || !(ss > 0)) {
            continue;
        }
        const double scale = std::sqrt(static_cast<double>(n) / ss);
        auto& z = out.emplace_back(row);
        for (double& x : z) {
            x *= scale;
        }
    }
    return out;
}

// The length most of the rows have (the first of the commonest, for ties).
std::size_t commonest_length(const std::vector<case_run_variance>& cases) {
    std::map<std::size_t, std::size_t> count;
    std::size_t best = 0, best_count = 0;
    for (const auto& c : cases) {
        const auto k = ++count[c.residuals.size()];
        if (k > best_count) {
            best = c.residuals.size();
            best_count = k;
        }
    }
    return best;
}

} // namespace

variance_prior_fit fit_variance_prior(const std::vector<std::pair<double, double>>& var_df) {
    std::vector<double> e, tri;
    for (const auto& [var, df] : var_df) {
        if (!std::isfinite(var) || !std::isfinite(df)) {
            throw std::invalid_argument("fit_variance_prior: a variance or df is not finite");
        }
        if (var > 0 && df > 0) {
            e.push_back(std::log(var) - digamma(df / 2) + std::log(df / 2));
            tri.push_back(trigamma(df / 2));
        }
    }
    if (e.size() < 3) {
        return {};
    }
    const double e_mean = mean_of(e);
    double ss = 0;
    for (double x : e) {
        ss += (x - e_mean) * (x - e_mean);
    }
    const double excess = ss / static_cast<double>(e.size() - 1) - mean_of(tri);
    if (!(excess > 1e-12)) { // d0 would exceed 1e12: no different from infinite
        return {std::exp(e_mean), infinity};
    }
    const double d0 = 2 * trigamma_inverse(excess);
    return {std::exp(e_mean + digamma(d0 / 2) - std::log(d0 / 2)), d0};
}

double effective_cases(const std::vector<std::vector<double>>& rows) {
    if (rows.empty() || rows.front().size() < 2) {
        return 1;
    }
    const std::size_t n = rows.front().size();
    const auto z = standardized(rows, n);
    const auto k = static_cast<double>(z.size());
    if (z.size() < 2) {
        return 1;
    }
    const double nd = static_cast<double>(n);
    double sum_rho2 = k; // the diagonal
    for (std::size_t i = 0; i < z.size(); ++i) {
        for (std::size_t j = i + 1; j < z.size(); ++j) {
            double dot = 0;
            for (std::size_t t = 0; t < n; ++t) {
                dot += z[i][t] * z[j][t];
            }
            const double r = dot / nd;
            const double rho2 = std::clamp((r * r - 1 / nd) / (1 - 1 / nd), 0.0, 1.0);
            sum_rho2 += 2 * rho2;
        }
    }
    return std::clamp(k * k / sum_rho2, 1.0, k);
}

run_mean_prior moderation_prior(const std::vector<case_run_variance>& cases) {
    run_mean_prior p;
    std::vector<std::pair<double, double>> var_df;
    for (const auto& c : cases) {
        var_df.emplace_back(c.var, c.df);
        p.cases += c.var > 0 && c.df > 0 ? 1 : 0;
    }
    const auto fit = fit_variance_prior(var_df);
    if (!(fit.df > 0)) {
        return p;
    }
    const std::size_t n = commonest_length(cases);
    std::vector<std::vector<double>> rows;
    for (const auto& c : cases) {
        if (c.residuals.size() == n && c.var > 0 && c.df > 0) {
            rows.push_back(c.residuals);
        }
    }
    p.var = fit.var;
    p.fitted_df = fit.df;
    p.effective_cases = effective_cases(rows);
    p.cap = static_cast<double>(n) * (p.effective_cases - 1);
    if (p.cap < 1e-9) {
        p.cap = 0; // cases that move as one, up to rounding in their correlations
    }
    p.df = std::min(fit.df, p.cap);
    p.var_df = static_cast<double>(n) * p.effective_cases;
    return p;
}

} // namespace grp
