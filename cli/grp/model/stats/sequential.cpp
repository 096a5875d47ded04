#include "grp/model/stats/sequential.hpp"

#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace grp {

namespace {

/// |Z| beyond this carries under 1e-15 of the law: the grid stops there.
constexpr double grid_reach_z = 8.5;
/// A look whose budget increment is below this cannot decide (its critical value is infinite).
constexpr double smallest_increment = 1e-14;

double normal_cdf(double z) {
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double normal_pdf(double z) {
    constexpr double inv_sqrt_2pi = 0.3989422804014327;
    return inv_sqrt_2pi * std::exp(-0.5 * z * z);
}

/// The sub-density of S_k = Z_k sqrt(t_k) on the paths that have not crossed yet, on an evenly
/// spaced grid over [-reach, reach], with Simpson weights (an even number of intervals).
struct sub_density {
    std::vector<double> s, g, w;
};

sub_density grid_over(double reach, double kernel_sd) {
    // At least 8 points per kernel standard deviation, so the next convolution is resolved.
    const auto intervals =
        static_cast<std::size_t>(std::clamp(std::ceil(2 * reach / (kernel_sd / 8)), 400.0, 6000.0));
    const std::size_t n = intervals + (intervals % 2); // even
    sub_density d;
    d.s.resize(n + 1);
    d.w.resize(n + 1);
    const double h = 2 * reach / static_cast<double>(n);
    for (std::size_t i = 0; i <= n; ++i) {
        d.s[i] = -reach + h * static_cast<double>(i);
        d.w[i] = h / 3 * (i == 0 || i == n ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0));
    }
    d.g.assign(n + 1, 0.0);
    return d;
}

/// The probability that a path still inside at the previous look crosses +-bound at this one,
/// the step from it having standard deviation `step_sd`.
double crossing(const sub_density& prev, double bound, double step_sd) {
    double p = 0;
    for (std::size_t i = 0; i < prev.s.size(); ++i) {
        const double u = prev.s[i];
        p += prev.w[i] * prev.g[i] *
             (normal_cdf((u - bound) / step_sd) + normal_cdf((-bound - u) / step_sd));
    }
    return p;
}

/// The sub-density at a look with continuation bound `bound` on S, from the previous one.
sub_density advance(const sub_density& prev, double bound, double step_sd, double t) {
    sub_density next = grid_over(std::min(bound, grid_reach_z * std::sqrt(t)), step_sd);
    for (std::size_t j = 0; j < next.s.size(); ++j) {
        double g = 0;
        for (std::size_t i = 0; i < prev.s.size(); ++i) {
            g += prev.w[i] * prev.g[i] * normal_pdf((next.s[j] - prev.s[i]) / step_sd);
        }
        next.g[j] = g / step_sd;
    }
    return next;
}

sub_density first_density(double bound, double t) {
    sub_density d = grid_over(std::min(bound, grid_reach_z * std::sqrt(t)), std::sqrt(t));
    for (std::size_t i = 0; i < d.s.size(); ++i) {
        d.g[i] = normal_pdf(d.s[i] / std::sqrt(t)) / std::sqrt(t);
    }
    return d;
}

/// The critical z at a look after the first whose crossing probability is `target`.
double solve_critical(const sub_density& prev, double target, double t, double step_sd) {
    if (target < smallest_increment) {
        return std::numeric_limits<double>::infinity();
    }
    double lo = 0, hi = 40;
    for (int i = 0; i < 100 && hi - lo > 1e-10; ++i) {
        const double mid = (lo + hi) / 2;
        (crossing(prev, mid * std::sqrt(t), step_sd) > target ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

void check_fractions(const std::vector<double>& fractions) {
    double last = 0;
    for (double f : fractions) {
        if (!(f > last) || f > 1) {
            throw std::invalid_argument("sequential looks: information fractions must increase "
                                        "strictly within (0, 1]");
        }
        last = f;
    }
}

} // namespace

std::string to_string(alpha_spending s) {
    return s == alpha_spending::pocock ? "pocock" : "obrien-fleming";
}

alpha_spending parse_alpha_spending(const std::string& text) {
    if (text == "obrien-fleming") {
        return alpha_spending::obrien_fleming;
    }
    if (text == "pocock") {
        return alpha_spending::pocock;
    }
    throw std::invalid_argument("'" + text +
                                "' is not a spending function (obrien-fleming, pocock)");
}

double spent_alpha(double t, double alpha, alpha_spending s) {
    t = std::clamp(t, 0.0, 1.0);
    if (t == 0) {
        return 0;
    }
    if (s == alpha_spending::pocock) {
        return alpha * std::log(1 + (std::exp(1.0) - 1) * t);
    }
    // Each side spends alpha / 2 by the O'Brien-Fleming-type function (as gsDesign's sfLDOF
    // and ldbounds do for a symmetric two-sided boundary), so the published tables apply.
    const double z = -student_t_quantile(alpha / 4, infinite_df);
    return 2 * (2 * normal_sf(z / std::sqrt(t)));
}

std::vector<sequential_look> sequential_boundary(const std::vector<double>& fractions, double alpha,
                                                 alpha_spending s) {
    if (!(alpha > 0 && alpha < 1)) {
        throw std::invalid_argument("sequential looks: alpha must be in (0, 1)");
    }
    check_fractions(fractions);
    std::vector<sequential_look> looks;
    sub_density density;
    double before = 0, last_t = 0;
    for (double t : fractions) {
        sequential_look look{t, spent_alpha(t, alpha, s), 0};
        const double target = look.spent - before;
        if (looks.empty()) {
            look.critical_z = target < smallest_increment
                                  ? std::numeric_limits<double>::infinity()
                                  : -student_t_quantile(target / 2, infinite_df);
            density = first_density(std::min(look.critical_z, grid_reach_z) * std::sqrt(t), t);
        } else {
            const double step_sd = std::sqrt(t - last_t);
            look.critical_z = solve_critical(density, target, t, step_sd);
            density = advance(density, std::min(look.critical_z, grid_reach_z) * std::sqrt(t),
                              step_sd, t);
        }
        before = look.spent;
        last_t = t;
        looks.push_back(look);
    }
    return looks;
}

double boundary_crossing_probability(const std::vector<sequential_look>& looks) {
    double total = 0, last_t = 0;
    sub_density density;
    for (std::size_t k = 0; k < looks.size(); ++k) {
        const double t = looks[k].fraction, z = std::min(looks[k].critical_z, grid_reach_z);
        if (k == 0) {
            total += std::isinf(looks[k].critical_z) ? 0 : 2 * normal_sf(z);
            density = first_density(z * std::sqrt(t), t);
        } else {
            const double step_sd = std::sqrt(t - last_t);
            total +=
                std::isinf(looks[k].critical_z) ? 0 : crossing(density, z * std::sqrt(t), step_sd);
            density = advance(density, z * std::sqrt(t), step_sd, t);
        }
        last_t = t;
    }
    return total;
}

double sequential_t_critical(double critical_z, double df) {
    if (std::isinf(critical_z)) {
        return critical_z;
    }
    const double tail = normal_sf(critical_z);
    if (tail <= 0) {
        return std::numeric_limits<double>::infinity();
    }
    return -student_t_quantile(tail, df);
}

double look_level(double critical_z) {
    return 2 * normal_sf(critical_z);
}

double look_t_critical(const std::vector<sequential_look>& looks, std::size_t k, double df) {
    if (df >= sequential_small_df) {
        return sequential_t_critical(looks.at(k).critical_z, df);
    }
    const double increment = looks.at(k).spent - (k == 0 ? 0.0 : looks[k - 1].spent);
    if (increment < smallest_increment) {
        return std::numeric_limits<double>::infinity();
    }
    return -student_t_quantile(increment / 2, df);
}

} // namespace grp
