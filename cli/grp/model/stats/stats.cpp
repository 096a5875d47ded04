#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numeric>

namespace grp {

double percentile_sorted(const std::vector<double>& sorted, double q) {
    assert(!sorted.empty());
    double pos = q * static_cast<double>(sorted.size() - 1);
    auto lo = static_cast<size_t>(std::floor(pos));
    size_t hi = std::min(lo + 1, sorted.size() - 1);
    double frac = pos - static_cast<double>(lo);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * frac;
}

double stddev(const std::vector<double>& v) {
    if (v.size() < 2) {
        return 0.0;
    }
    double mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    double ss = 0.0;
    for (double x : v) {
        ss += (x - mean) * (x - mean);
    }
    return std::sqrt(ss / static_cast<double>(v.size() - 1));
}

double median_rse(const std::vector<double>& v) {
    if (v.size() < 2) {
        return std::numeric_limits<double>::infinity();
    }
    std::vector<double> s = v;
    std::sort(s.begin(), s.end());
    double med = percentile_sorted(s, 0.5);
    if (med == 0.0) {
        return std::numeric_limits<double>::infinity();
    }
    return 1.2533 * stddev(v) / std::sqrt(static_cast<double>(v.size())) / med;
}

sample_summary summarize(const std::vector<std::uint64_t>& samples_ns) {
    assert(!samples_ns.empty());
    std::vector<double> v(samples_ns.begin(), samples_ns.end());
    std::vector<double> s = v;
    std::sort(s.begin(), s.end());
    sample_summary r;
    r.count = v.size();
    r.min_ns = s.front();
    r.max_ns = s.back();
    r.median_ns = percentile_sorted(s, 0.5);
    r.mean_ns = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    r.stddev_ns = stddev(v);
    r.p5_ns = percentile_sorted(s, 0.05);
    r.p95_ns = percentile_sorted(s, 0.95);
    r.cv = r.mean_ns > 0 ? r.stddev_ns / r.mean_ns : 0.0;
    r.rse_median = v.size() < 2 ? 0.0 : median_rse(v);
    return r;
}

double median_of(std::vector<double> v) {
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
    const double upper = v[mid];
    if (v.size() % 2 == 1) {
        return upper;
    }
    const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid));
    return 0.5 * (lower + upper);
}

double mean_of(const std::vector<double>& v) {
    double sum = 0;
    for (double x : v) {
        sum += x;
    }
    return sum / static_cast<double>(v.size());
}

} // namespace grp
