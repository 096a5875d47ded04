// Measures a device's achievable memory bandwidth with the built-in read and copy kernels
// (kernels/peak.cl): the read peak is the best median of the read shapes for the device
// (stream_read, the GPU shape, at a few grids; on CPUs also chunk_read, the CPU shape), so each
// case can say how close it came (pct_of_peak) and a case far above it is flagged, not a win.
#pragma once

#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/ocl/session.hpp"
#include "grp/run/measure.hpp"

#include <optional>
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
/// size 1) per compute unit, and in reduce_chunk's shape (one group of 16 or 64 per unit).
std::vector<read_shape> read_shapes(const device_info& d);

/// Reads a buffer of `bytes` (rounded down to 64), capped by half the max allocation: the
/// runner passes the largest input of the sweep, so the peak is measured at the size the cases
/// read. read_shape names the best shape and its grid. Throws opencl_error.
peak_bandwidth measure_peak(ocl::session& s, const measure_options& m, std::uint64_t bytes);

/// The read shapes, ready to be timed again. In every round the runner times the peak's own
/// shape once (read_in_round: the round's roof) and, after the round, one burst of the next
/// other shape in turn, keeping the better median and its shape,
/// so the peak sees the same moments of a shared machine as the cases' rounds. One burst at the
/// start alone met a busy moment of the 2-core test machine and flagged honest cases as above
/// the peak; retiming the first winner alone kept a shape that had won by noise (PoCL: 43.8
/// GB/s, below reduce_chunk's 46.3). The bursts' time counts in the "sampling" phase.
class peak_probe {
public:
    /// Allocates p.bytes of input (filled with 1.0f on the device) for the shapes; a peak
    /// without a known shape gives a probe that does nothing. Throws opencl_error.
    peak_probe(ocl::session& s, const measure_options& m, peak_bandwidth& p);

    /// One burst of the next shape other than the peak's own (warm-up, then timed launches);
    /// when its median beats the peak's, updates read_median_ns, read_gbps and read_shape and
    /// returns true. Throws opencl_error.
    bool sample();

    /// The in-round read: one burst of the peak's own shape (read_shape: the best known now),
    /// its median's GB/s at the peak's bytes, which also updates the peak when faster; empty
    /// without a shape or when no launch was kept. Timed every round beside the cases, so a
    /// case's pct_of_peak is a ratio of the same moments (round_record::peak_gbps). Throws
    /// opencl_error.
    std::optional<double> read_in_round();

private:
    ocl::session& m_session;
    const measure_options& m_measure;
    peak_bandwidth& m_peak;
    std::vector<read_shape> m_shapes;
    std::vector<cl::Kernel> m_kernels;
    std::size_t m_next = 0;
    /// One burst of shape i: its median (ns), or 0 when no launch was kept; cut short when
    /// hopeless against `best_ns` (0: never).
    double burst(std::size_t i, double best_ns);
    cl::Buffer m_in, m_out;
};

/// The read roof at each of `sizes` (bytes; roof.hpp): the best median of the read shapes over
/// the first bytes of one buffer (whole 64-byte blocks; a size under 64 bytes gets none). Throws
/// opencl_error.
std::vector<read_roof> measure_roofs(ocl::session& s, const measure_options& m,
                                     const std::vector<std::uint64_t>& sizes);

/// The distinct input sizes of `points` (n x record bytes) below `peak_bytes`: where a case's
/// roof is not the peak's.
std::vector<std::uint64_t> roof_sizes(const std::vector<sweep_point>& points,
                                      std::uint64_t peak_bytes);

/// Before a case of device `device_index` stays implausible, its roof is measured again now
/// (a roof timed at a busy moment reads low) and the better one kept; the device's cases are
/// judged again. Nothing is timed when no case is implausible. Throws opencl_error.
void recheck_roofs(ocl::session& s, const measure_options& m, profile& p, int device_index);

struct run_options;
struct progress_sink;
class phase_clock;

/// The read peak of device `device_index` (`info`) for a run, into dev.peak: measured now over
/// the sweep's peak bytes (sweep_peak_bytes of `points`; timed as the "peak" phase and
/// announced through progress.peak_measured) with the roofs of the smaller sizes (dev.roofs),
/// or without opt.measure_peak the one an earlier part of --runs measured (opt.known_peaks);
/// else none. Throws what measure_peak throws.
void device_peak(const run_options& opt, ocl::session& session, int device_index,
                 const std::vector<sweep_point>& points, const device_info& info,
                 phase_clock& phases, const progress_sink& progress, profile_device& dev);

} // namespace grp::run
