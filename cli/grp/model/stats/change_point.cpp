#include "grp/model/stats/change_point.hpp"

#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace grp {

namespace {

// The median of chi-square with 1 df: a difference of two points with no step between them,
// squared and divided by its variance, has this median.
constexpr double chi_square_1_median = 0.4549364;

// se^2 + tau2 below this (se under 1e-9 in ln, far below any timer's resolution) is raised to
// it: a series of exact values would otherwise get infinite weights and NaN statistics.
constexpr double min_variance = 1e-18;

// Two permutation statistics that differ only in rounding (the same split reached through
// different sums) count as equal to the observed one, as the exact test would count them.
constexpr double tie_tolerance = 1e-12;

void check_points(const std::vector<weighted_point>& points, const char* who) {
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto& p = points[i];
        if (!std::isfinite(p.value) || !std::isfinite(p.se) || p.se < 0) {
            throw std::invalid_argument(std::string(who) + ": point " + std::to_string(i) +
                                        " has a non-finite value or a negative/non-finite se");
        }
    }
}

void check_tau2(double tau2, const char* who) {
    if (!std::isfinite(tau2) || tau2 < 0) {
        throw std::invalid_argument(std::string(who) + ": tau2 must be finite and >= 0");
    }
}

// splitmix64 (Steele, Lea and Flood 2014): a fixed sequence for a seed on every platform,
// which the standard library's integer distributions do not promise.
class splitmix64 {
public:
    explicit splitmix64(std::uint64_t seed) : m_state(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31U);
    }

    /// Uniform in [0, n), n > 0, without modulo bias: draws below 2^64 mod n are rejected.
    std::uint64_t below(std::uint64_t n) {
        const std::uint64_t threshold = (0 - n) % n;
        for (;;) {
            const std::uint64_t r = next();
            if (r >= threshold) {
                return r % n;
            }
        }
    }

private:
    std::uint64_t m_state;
};

// A segment as the permutation test sees it: values centred on their weighted mean (so the
// prefix sums below do not cancel digits of ln(time)) and the weight of each.
struct segment {
    std::vector<double> x, w;
};

segment make_segment(const std::vector<weighted_point>& points, std::size_t lo, std::size_t hi,
                     double tau2) {
    segment s;
    double sw = 0, swx = 0;
    for (std::size_t i = lo; i < hi; ++i) {
        const double v = points[i].se * points[i].se + tau2;
        s.w.push_back(1 / std::max(v, min_variance));
        s.x.push_back(points[i].value);
        sw += s.w.back();
        swx += s.w.back() * points[i].value;
    }
    for (auto& x : s.x) {
        x -= swx / sw;
    }
    return s;
}

struct split {
    std::size_t at = 0; // first index of the right side, within the segment
    double statistic = 0;
};

// The split with the largest |change| / change_se, each side at least `min_side` long, in one
// pass of running sums: change^2 / (1/W_L + 1/W_R) = change^2 W_L W_R / W.
split max_split(const segment& s, std::size_t min_side) {
    const std::size_t n = s.x.size();
    double w_total = 0, s_total = 0;
    for (std::size_t i = 0; i < n; ++i) {
        w_total += s.w[i];
        s_total += s.w[i] * s.x[i];
    }
    split best;
    double best_sq = -1, w_left = 0, s_left = 0;
    for (std::size_t k = 1; k + min_side <= n; ++k) {
        w_left += s.w[k - 1];
        s_left += s.w[k - 1] * s.x[k - 1];
        if (k < min_side) {
            continue;
        }
        const double w_right = w_total - w_left;
        const double change = (s_total - s_left) / w_right - s_left / w_left;
        const double sq = change * change * w_left * w_right / w_total;
        if (sq > best_sq) {
            best_sq = sq;
            best = {k, std::sqrt(sq)};
        }
    }
    return best;
}

// How many of `permutations` shuffles of the segment (value and weight together) reach a
// maximum statistic of at least `observed`.
std::size_t count_exceedances(segment s, std::size_t min_side, double observed,
                              const step_options& opt) {
    splitmix64 rng(opt.seed);
    std::size_t count = 0;
    for (std::size_t b = 0; b < opt.permutations; ++b) {
        for (std::size_t i = s.x.size() - 1; i > 0; --i) { // Fisher-Yates
            const auto j = static_cast<std::size_t>(rng.below(i + 1));
            std::swap(s.x[i], s.x[j]);
            std::swap(s.w[i], s.w[j]);
        }
        if (max_split(s, min_side).statistic >= observed * (1 - tie_tolerance)) {
            ++count;
        }
    }
    return count;
}

// before, after, change and its se of the split at global index `at` of [lo, hi).
step_estimate describe_split(const std::vector<weighted_point>& points, std::size_t lo,
                             std::size_t at, std::size_t hi, double tau2) {
    double w[2] = {0, 0}, wx[2] = {0, 0};
    for (std::size_t i = lo; i < hi; ++i) {
        const double v = points[i].se * points[i].se + tau2;
        const double wi = 1 / std::max(v, min_variance);
        const int side = i < at ? 0 : 1;
        w[side] += wi;
        wx[side] += wi * points[i].value;
    }
    step_estimate e;
    e.at = at;
    e.lo = lo;
    e.hi = hi;
    e.before = wx[0] / w[0];
    e.after = wx[1] / w[1];
    e.change = e.after - e.before;
    e.change_se = std::sqrt(1 / w[0] + 1 / w[1]);
    e.df = std::max(1.0, static_cast<double>(hi - lo) - 2);
    return e;
}

} // namespace

double excess_variance(const std::vector<weighted_point>& points) {
    check_points(points, "excess_variance");
    if (points.size() < 3) {
        return 0;
    }
    std::vector<double> d2, se2;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const double d = points[i + 1].value - points[i].value;
        d2.push_back(d * d);
        se2.push_back(points[i].se * points[i].se + points[i + 1].se * points[i + 1].se);
    }
    const double tau2 = 0.5 * (median_of(d2) / chi_square_1_median - median_of(se2));
    return std::max(0.0, tau2);
}

std::optional<step_estimate> best_step(const std::vector<weighted_point>& points, std::size_t lo,
                                       std::size_t hi, double tau2, const step_options& opt) {
    check_points(points, "best_step");
    check_tau2(tau2, "best_step");
    if (lo > hi || hi > points.size()) {
        throw std::invalid_argument("best_step: the segment [" + std::to_string(lo) + ", " +
                                    std::to_string(hi) + ") is not within the " +
                                    std::to_string(points.size()) + " points");
    }
    if (opt.min_segment == 0) {
        throw std::invalid_argument("best_step: min_segment must be at least 1");
    }
    if (hi - lo < 2 * opt.min_segment) {
        return std::nullopt;
    }
    const segment s = make_segment(points, lo, hi, tau2);
    const split observed = max_split(s, opt.min_segment);
    step_estimate e = describe_split(points, lo, lo + observed.at, hi, tau2);
    e.statistic = observed.statistic;
    const std::size_t count = count_exceedances(s, opt.min_segment, observed.statistic, opt);
    e.p_value = static_cast<double>(1 + count) / static_cast<double>(1 + opt.permutations);
    return e;
}

std::vector<step_estimate> find_steps(const std::vector<weighted_point>& points,
                                      const step_options& opt) {
    check_points(points, "find_steps");
    const double tau2 = excess_variance(points);
    std::vector<step_estimate> steps;
    std::vector<std::pair<std::size_t, std::size_t>> pending{{0, points.size()}};
    while (!pending.empty()) {
        const auto [lo, hi] = pending.back();
        pending.pop_back();
        const auto step = best_step(points, lo, hi, tau2, opt);
        if (!step || !(step->p_value <= opt.alpha)) {
            continue;
        }
        steps.push_back(*step);
        pending.emplace_back(lo, step->at);
        pending.emplace_back(step->at, hi);
    }
    std::sort(steps.begin(), steps.end(),
              [](const step_estimate& a, const step_estimate& b) { return a.at < b.at; });
    return steps;
}

namespace {

// Weighted RSS of two means split at the best place (at least one point a side).
double step_rss(const segment& s) {
    const split best = max_split(s, 1);
    double w[2] = {0, 0}, wx[2] = {0, 0};
    for (std::size_t i = 0; i < s.x.size(); ++i) {
        const int side = i < best.at ? 0 : 1;
        w[side] += s.w[i];
        wx[side] += s.w[i] * s.x[i];
    }
    double rss = 0;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
        const int side = i < best.at ? 0 : 1;
        const double r = s.x[i] - wx[side] / w[side];
        rss += s.w[i] * r * r;
    }
    return rss;
}

// Weighted RSS of the least-squares line in the index, on centred index and values.
double line_rss(const segment& s) {
    double sw = 0, swi = 0;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
        sw += s.w[i];
        swi += s.w[i] * static_cast<double>(i);
    }
    const double i_mean = swi / sw;
    double sxy = 0, sxx = 0;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
        const double di = static_cast<double>(i) - i_mean;
        sxy += s.w[i] * di * s.x[i];
        sxx += s.w[i] * di * di;
    }
    const double slope = sxy / sxx;
    double rss = 0;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
        const double r = s.x[i] - slope * (static_cast<double>(i) - i_mean);
        rss += s.w[i] * r * r;
    }
    return rss;
}

} // namespace

shape_fit fit_shapes(const std::vector<weighted_point>& points, double tau2) {
    check_points(points, "fit_shapes");
    check_tau2(tau2, "fit_shapes");
    if (points.size() < 2) {
        return {};
    }
    const segment s = make_segment(points, 0, points.size(), tau2);
    return {step_rss(s), points.size() < 3 ? 0.0 : line_rss(s)};
}

} // namespace grp
