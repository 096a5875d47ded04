// Whether a data set's sum is exact in the element type whatever order a kernel adds it in, so
// a timed launch's result can be checked for equality instead of within a tolerance: the data
// the kernel is timed on is then the data it is verified on, and no kernel can tell the check
// from the measurement (issue #52).
#pragma once

#include "grp/core/element_type.hpp"
#include "grp/model/host/data_choice.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace grp {

/// The largest chance we accept that some partial sum of a case leaves the exact range.
inline constexpr double exact_failure_limit = 1e-12;

/// An upper bound on the chance that any partial sum an honest reduction forms over n values of
/// the default random data (integers of random sign, |x| <= 8, drawn independently of how the
/// kernel groups them) leaves the range where `t` holds every integer exactly (2^24 for float,
/// 2^53 for double). Hoeffding: one partial sum of m <= n such values exceeds 2^k in magnitude
/// with probability at most 2 exp(-2 (2^k)^2 / (m 16^2)); a reduction of n values forms fewer
/// than 2n partial sums (each addition makes one), so the union bound is
/// 4 n exp(-2^(2k-7) / n). Integer types wrap exactly and return 0.
double random_data_failure_bound(element_type t, std::uint64_t n);

/// True when every partial sum of `data` over n values (per component) is exact in `t` in any
/// order, with a chance of failure below exact_failure_limit: integer types always (their
/// arithmetic wraps exactly and is checked with the wrap); float and double for the random data
/// while random_data_failure_bound allows, for ones, iota, integer-valued and whole constants
/// while the largest possible partial sum fits; never for files and the precision scenario's
/// data sets, which are checked within a tolerance ("tolerance" in the profile).
bool exact_in_any_order(element_type t, const data_choice& data, std::uint64_t n);

/// The value of record r, component c in the exact check's windows: 1 or 2 (tool.cl's
/// fill_exact computes the same).
int exact_value(std::uint64_t record, std::uint32_t component);

/// Σ exact_value over records [lo, hi) for each of `comps` components, on all host threads.
std::vector<long double> exact_window_sums(std::uint64_t lo, std::uint64_t hi, std::size_t comps);

} // namespace grp
