// Measures a device's achievable memory bandwidth with the built-in stream_read and
// stream_copy kernels (kernels/peak.cl), trying a few grid sizes and keeping the best median,
// so each case can say how close it came (pct_of_peak).
#pragma once

#include "grp/model/profile.hpp"
#include "grp/ocl/session.hpp"
#include "grp/run/measure.hpp"

namespace grp::run {

/// The buffer is max(4 x last-level cache, 64 MiB), capped by a quarter of the max allocation
/// (or `bytes_override` when non-zero). Throws opencl_error.
peak_bandwidth measure_peak(ocl::session& s, const measure_options& m,
                            std::uint64_t bytes_override = 0);

} // namespace grp::run
