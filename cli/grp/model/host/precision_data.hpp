// The precision check's data (issue #64): real values that an accumulator of the declared type
// sums exactly in any order, but that no narrower accumulator can hold. The timing data (whole
// numbers in [-8, 8]) is exact in every accumulator of 24 bits or more, so a `double` kernel
// that adds in `float` reads right there; these values carry more significant bits than the
// narrower type has (41 for double, 12 for float at every size), so such a kernel is off.
//
// The set is sparse: one nonzero record in each block of ceil(n / 2^16) records, at an offset
// hashed from the block, with value ±m·2^-b per component (m a b-bit integer, |x| in [0.5, 1)).
// With at most K = 2^16 nonzero values and random signs, every partial sum a reduction forms
// stays below 2^s with a chance of failure under 1e-12 (Hoeffding and a union bound over the
// fewer than 2n partial sums, as exact_data.hpp argues for the timing data); b = p - s bits
// then keep every partial sum a multiple of 2^-b below 2^s: exact in the type's p-bit
// significand. So the bound an honest kernel is held to is exactness, for every order (trees,
// grid-stride loops, one sequential chain), and no tolerance to tune: docs/judge.md.
#pragma once

#include "grp/core/element_type.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace grp {

/// Where the nonzero values of the precision data sit and how many bits they carry.
struct precision_plan {
    element_type type = element_type::float32;
    std::uint64_t n = 0;      ///< records that hold data (nonzeros only below n)
    std::uint64_t block = 1;  ///< records per block; one nonzero record per block
    std::uint64_t seed = 0;   ///< of the offsets, signs and significands
    int value_bits = 0;       ///< b: significant bits of every nonzero value
    int partial_sum_bits = 0; ///< s: every partial sum stays below 2^s in magnitude
};

/// The most nonzero records the data holds: fewer keep the partial sums small (more bits per
/// value), more would give a kernel fewer values to round.
inline constexpr std::uint64_t precision_nonzero_records = std::uint64_t{1} << 16;

/// The significand bits of `t` (24 for float, 53 for double); 0 for integer types.
int significand_bits(element_type t);

/// The plan for n records of `t` (float or double) from `seed`. Throws std::invalid_argument
/// for integer types or n == 0.
precision_plan plan_precision(element_type t, std::uint64_t n, std::uint64_t seed);

/// The signed significand m of record r, component c (the value is m·2^-b); 0 for a record
/// that holds zeros. tool.cl's fill_precise computes the same.
std::int64_t precision_significand(const precision_plan& p, std::uint64_t record,
                                   std::uint32_t component);

/// The exact sums (Σx and Σ|x| per component, over `comps` components), from integer sums of
/// the significands: no rounding at any size.
struct precision_sums {
    std::vector<long double> sum;
    std::vector<long double> abs_sum;
};
precision_sums exact_precision_sums(const precision_plan& p, std::size_t comps);

/// The precision a result's error corresponds to: the significand bits q of an accumulator
/// which, summing component `c`'s nonzero values pairwise with every addition rounded to q
/// bits, comes closest to `abs_error` (compared in log2). Empty when abs_error is 0 or not
/// finite. For the sentence "accumulates like a 24-bit type".
std::optional<int> effective_bits(const precision_plan& p, std::uint32_t c, double abs_error);

/// `x` rounded to nearest (ties to even) with `bits` significand bits.
long double round_to_bits(long double x, int bits);

} // namespace grp
