// Descriptive statistics over raw timing samples, as free functions (like google/benchmark's
// statistics.cc) so they are tested on hand-computed values.
#pragma once

#include <cstdint>
#include <vector>

namespace grp {

/// The distribution of one case's kernel times. All times in ns.
struct sample_summary {
    std::uint64_t count = 0;
    double min_ns = 0, max_ns = 0, median_ns = 0, mean_ns = 0, stddev_ns = 0;
    double p5_ns = 0, p95_ns = 0;
    double cv = 0;         ///< stddev / mean
    double rse_median = 0; ///< relative standard error of the median (see median_rse)
};

/// Linear-interpolation percentile (the "type 7" of R and numpy), q in [0, 1]. Precondition:
/// `sorted` is sorted ascending and not empty.
double percentile_sorted(const std::vector<double>& sorted, double q);

/// Sample standard deviation (n - 1 denominator); 0 for fewer than two values.
double stddev(const std::vector<double>& v);

/// Relative standard error of the median, estimated as 1.2533 * stddev / sqrt(n) / median
/// (asymptotic for a normal sample). Infinity when n < 2 or the median is 0.
double median_rse(const std::vector<double>& v);

/// Every field of sample_summary. Precondition: `samples_ns` is not empty.
sample_summary summarize(const std::vector<std::uint64_t>& samples_ns);

/// The arithmetic mean. Precondition: `v` is not empty.
double mean_of(const std::vector<double>& v);

/// The median (the mean of the two middle values of an even count). Precondition: `v` is not
/// empty.
double median_of(std::vector<double> v);

} // namespace grp
