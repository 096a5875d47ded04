// Arithmetic on counts and byte sizes that cannot wrap: a product of a user's n, a spec's
// elements per item and a type size must never silently become a small number (a zero-length
// buffer written through, a division by zero). Overflow is reported, or saturates where a
// "too large" comparison follows anyway.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>

namespace grp {

/// a * b, or nullopt when it does not fit in 64 bits.
[[nodiscard]] inline std::optional<std::uint64_t> checked_mul(std::uint64_t a, std::uint64_t b) {
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) {
        return std::nullopt;
    }
    return r;
}

/// a * b, or UINT64_MAX when it does not fit: for sizes compared against a limit afterwards.
[[nodiscard]] inline std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
    return checked_mul(a, b).value_or(std::numeric_limits<std::uint64_t>::max());
}

/// a + b, or UINT64_MAX when it does not fit.
[[nodiscard]] inline std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
    std::uint64_t r = 0;
    return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<std::uint64_t>::max() : r;
}

/// v as a count when it is finite, not negative and below 2^64 (the fraction dropped), else
/// nullopt: casting any other double to an integer is undefined behaviour, and numbers read
/// from a profile's free-form parts (scenario summaries, a case's extra) may be anything.
[[nodiscard]] inline std::optional<std::uint64_t> checked_count(double v) {
    if (!(v >= 0.0) || !(v < 18446744073709551616.0)) { // also false for NaN
        return std::nullopt;
    }
    return static_cast<std::uint64_t>(v);
}

} // namespace grp
