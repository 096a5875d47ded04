// The precision scenario: float sums of three data sets (2^20 copies of 1.1f, uniform [0, 1),
// mixed magnitudes with both signs) by the device's tree reduction (the built-in reduce5 at
// local size 256, through measure_points like any sweep case), a host sequential float loop, a host
// pairwise float sum, and the compensated long-double reference. One case per data set,
// "precision/<data set>", with every value and relative error in `extra`, and the explanation
// of why the tree is more accurate in profile.scenarios["precision"].
#pragma once

#include "grp/run/scenario/common.hpp"

namespace grp::run {

inline constexpr std::uint64_t precision_n = 1ULL << 20;

/// Runs the three data sets. A device sum outside the normal verification tolerance makes the
/// case `wrong`, as in any sweep. Throws kernel_build_error or opencl_error.
void run_precision(const scenario_env& env);

} // namespace grp::run
