// Measures a device's achievable memory bandwidth with the built-in read and copy kernels
// (kernels/peak.cl): the read peak is the best median of the read shapes for the device
// (stream_read, the GPU shape, at a few grids; on CPUs also chunk_read, the CPU shape), so each
// case can say how close it came (pct_of_peak) and a case far above it is flagged, not a win.
#pragma once

#include "grp/model/profile.hpp"
#include "grp/ocl/session.hpp"
#include "grp/run/measure.hpp"

#include <string>
#include <vector>

namespace grp::run {

/// One launch shape of a read kernel of peak.cl.
struct read_shape {
    std::string kernel; ///< "stream_read" or "chunk_read"
    std::uint64_t global = 0, local = 0;
};

/// The read shapes tried on a device: stream_read at 4, 16 and 64 groups of min(256, max
/// work-group size) per compute unit; on CPUs also chunk_read at 1, 2 and 4 work-items (local
/// size 1) per compute unit.
std::vector<read_shape> read_shapes(const device_info& d);

/// Reads a buffer of `bytes` (rounded down to 64), capped by half the max allocation: the
/// runner passes the largest input of the sweep, so the peak is measured at the size the cases
/// read. read_shape names the best shape and its grid. Throws opencl_error.
peak_bandwidth measure_peak(ocl::session& s, const measure_options& m, std::uint64_t bytes);

/// Times the best read shape (p.read_shape) again at p.bytes and keeps the better median in
/// `p`. The runner calls it after the sweep: one burst at the start can meet a busy moment of a
/// shared machine, and a peak measured too low would flag honest cases as above it (the other
/// shapes are not timed again: on a CPU they read several times slower). Returns whether the
/// read peak improved. Throws opencl_error.
bool remeasure_read_peak(ocl::session& s, const measure_options& m, peak_bandwidth& p);

} // namespace grp::run
