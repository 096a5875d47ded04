// Measures a device's achievable memory bandwidth with the built-in stream_read and
// stream_copy kernels (kernels/peak.cl), trying a few grid sizes and keeping the best median,
// so each case can say how close it came (pct_of_peak).
#pragma once

#include "grp/model/profile.hpp"
#include "grp/ocl/session.hpp"
#include "grp/run/measure.hpp"

namespace grp::run {

/// Reads a buffer of `bytes` (rounded down to 16), capped by half the max allocation: the
/// runner passes the largest input of the sweep, so the peak is measured at the size the cases
/// read. Throws opencl_error.
peak_bandwidth measure_peak(ocl::session& s, const measure_options& m, std::uint64_t bytes);

} // namespace grp::run
