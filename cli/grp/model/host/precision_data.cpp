#include "grp/model/host/precision_data.hpp"

#include "grp/model/host/exact_data.hpp"
#include "grp/model/host/host_data.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace grp {

namespace {

/// s: the partial sums of K nonzero values in [-1, 1] of random sign stay below 2^s in
/// magnitude. Hoeffding: one sum of m <= K of them exceeds t with probability at most
/// 2 exp(-t^2 / (2m)); a reduction of n values forms fewer than 2n partial sums, so the union
/// bound is 4 n exp(-t^2 / (2K)), held below exact_failure_limit. Never more than log2 K
/// rounded up: K values below 1 in magnitude cannot sum to K.
int partial_sum_bits(std::uint64_t nonzeros, std::uint64_t n) {
    const long double k = static_cast<long double>(nonzeros);
    const long double log_terms =
        std::log(4.0L * static_cast<long double>(n)) - std::log(exact_failure_limit);
    const long double t = std::sqrt(2.0L * k * log_terms);
    const int hoeffding = static_cast<int>(std::ceil(std::log2(t)));
    const int certain = static_cast<int>(std::ceil(std::log2(k)));
    return std::max(1, std::min(hoeffding, certain));
}

/// The records a block holds: `block`, less in the last one.
std::uint64_t block_width(const precision_plan& p, std::uint64_t blk) {
    return std::min(p.block, p.n - blk * p.block);
}

/// The record of block `blk` that holds its nonzero values.
std::uint64_t nonzero_record(const precision_plan& p, std::uint64_t blk) {
    return blk * p.block + splitmix64(p.seed + blk * 8) % block_width(p, blk);
}

/// Component c's nonzero values in record order.
std::vector<long double> nonzero_values(const precision_plan& p, std::uint32_t c) {
    std::vector<long double> out;
    const std::uint64_t blocks = (p.n + p.block - 1) / p.block;
    out.reserve(blocks);
    for (std::uint64_t b = 0; b < blocks; ++b) {
        const auto m = precision_significand(p, nonzero_record(p, b), c);
        out.push_back(std::ldexp(static_cast<long double>(m), -p.value_bits));
    }
    return out;
}

/// Pairwise sum of v[lo, hi) with every value and every addition rounded to `bits`.
long double pairwise_rounded(const std::vector<long double>& v, std::size_t lo, std::size_t hi,
                             int bits) {
    if (hi - lo == 1) {
        return round_to_bits(v[lo], bits);
    }
    const std::size_t mid = lo + (hi - lo) / 2;
    return round_to_bits(pairwise_rounded(v, lo, mid, bits) + pairwise_rounded(v, mid, hi, bits),
                         bits);
}

} // namespace

int significand_bits(element_type t) {
    switch (t) {
    case element_type::float32:
        return 24;
    case element_type::float64:
        return 53;
    default:
        return 0;
    }
}

precision_plan plan_precision(element_type t, std::uint64_t n, std::uint64_t seed) {
    const int p = significand_bits(t);
    if (p == 0 || n == 0) {
        throw std::invalid_argument("the precision data needs float or double and n > 0");
    }
    precision_plan out;
    out.type = t;
    out.n = n;
    out.block = (n + precision_nonzero_records - 1) / precision_nonzero_records;
    out.seed = seed;
    const std::uint64_t blocks = (n + out.block - 1) / out.block;
    out.partial_sum_bits = partial_sum_bits(blocks, n);
    out.value_bits = std::min(p - 1, p - out.partial_sum_bits);
    return out;
}

std::int64_t precision_significand(const precision_plan& p, std::uint64_t record,
                                   std::uint32_t component) {
    if (record >= p.n || record != nonzero_record(p, record / p.block)) {
        return 0;
    }
    const std::uint64_t v = splitmix64(p.seed + (record / p.block) * 8 + 1 + component);
    const int b = p.value_bits;
    const std::uint64_t low = (v >> 1) & ((std::uint64_t{1} << (b - 1)) - 1);
    const auto m = static_cast<std::int64_t>((std::uint64_t{1} << (b - 1)) | low);
    return (v >> 63) != 0 ? -m : m;
}

precision_sums exact_precision_sums(const precision_plan& p, std::size_t comps) {
    precision_sums out;
    const std::uint64_t blocks = (p.n + p.block - 1) / p.block;
    for (std::size_t c = 0; c < comps; ++c) {
        // Whole significands: |Σm| < 2^(s+b) <= 2^53 with the plan's certainty, and a long
        // double holds every integer below 2^64, so the sum is exact.
        long double sum = 0;
        long double abs_sum = 0;
        for (std::uint64_t b = 0; b < blocks; ++b) {
            const auto m = precision_significand(p, nonzero_record(p, b), c);
            sum += static_cast<long double>(m);
            abs_sum += std::fabs(static_cast<long double>(m));
        }
        out.sum.push_back(std::ldexp(sum, -p.value_bits));
        out.abs_sum.push_back(std::ldexp(abs_sum, -p.value_bits));
    }
    return out;
}

long double round_to_bits(long double x, int bits) {
    if (x == 0 || !std::isfinite(x)) {
        return x;
    }
    int e = 0;
    (void)std::frexp(x, &e); // x = f 2^e, f in [0.5, 1)
    return std::ldexp(std::nearbyint(std::ldexp(x, bits - e)), e - bits);
}

std::optional<int> effective_bits(const precision_plan& p, std::uint32_t c, double abs_error) {
    if (!(abs_error > 0) || !std::isfinite(abs_error)) {
        return std::nullopt;
    }
    const auto values = nonzero_values(p, c);
    const auto exact = exact_precision_sums(p, c + 1).sum.at(c);
    std::optional<int> best;
    double best_gap = std::numeric_limits<double>::infinity();
    for (int q = 4; q <= significand_bits(p.type); ++q) {
        const long double err = std::fabs(pairwise_rounded(values, 0, values.size(), q) - exact);
        // A q whose rounding happens to cancel exactly says nothing: the gap is measured to
        // the smallest error it could show, half a unit of the last bit of the sum's size.
        const long double seen = std::max(err, std::ldexp(std::fabs(exact) + 1, -q - 1));
        const double gap = std::fabs(static_cast<double>(std::log2(seen)) - std::log2(abs_error));
        if (gap < best_gap) {
            best_gap = gap;
            best = q;
        }
    }
    return best;
}

} // namespace grp
