// Verification of a device sum against the host reference. Integers must match exactly (with
// the two's-complement wrap-around of 32-bit device arithmetic); floating-point sums must lie
// within a bound derived from the summation depth: |error| <= depth * u * Σ|x|, the classic
// first-order bound for recursive summation (Higham, "Accuracy and Stability of Numerical
// Algorithms", §4.2), with u the unit roundoff of the type.
#pragma once

#include "grp/core/element_type.hpp"
#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace grp {

struct verification {
    bool ok = false;
    double expected = 0; ///< what the device should return (wrapped for integers)
    /// |device - expected|; empty when the device value is NaN or infinite (never a fake 0).
    std::optional<double> abs_error;
    /// abs_error / |expected|; empty when abs_error is, or when expected is 0 and the error
    /// is not (undefined).
    std::optional<double> rel_error;
    /// Allowed abs_error; empty for integers, which must match exactly.
    std::optional<double> tolerance;
};

/// Longest chain of dependent additions any result passes through, over all passes: per pass,
/// the elements one work-item adds in sequence (ceil(n / global)), plus the tree depth
/// (ceil(log2(local))), plus one for the write. `host_tail` adds the host's final sum of the
/// last partials (0 when the device finished).
std::uint64_t summation_depth(const std::vector<pass_info>& passes, std::uint64_t host_tail);

/// Checks one component. `exact` is the reference (exact integer or compensated sum), `abs_sum`
/// Σ|x|. NaN or infinity from the device is never ok.
verification verify_sum(element_type t, long double exact, long double abs_sum, double device,
                        std::uint64_t depth);

/// The reference an integer device sum must equal: `exact` wrapped to the 32-bit type.
double wrapped_integer(element_type t, long double exact);

} // namespace grp
