// The wg-probe scenario's arithmetic, without a driver: throughput per local size and the knee,
// the smallest local size after which doubling the work-group no longer roughly doubles the
// throughput. With the same total work at every local size, a group smaller than the device's
// SIMD width leaves lanes idle, so throughput doubles with each doubling of the group until the
// group fills one SIMD unit (32 lanes on NVIDIA, 64 on AMD GCN); after that it stays flat.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// One measured local size.
struct wg_point {
    std::uint64_t local_size = 0;
    double items_per_s = 0; ///< work-items per second (total work-items / median time)
};

/// The knee rule's threshold: doubling the local size must raise throughput by at least this
/// factor to count as "still doubling". 1.5 sits halfway (on a log scale, near enough) between
/// a perfect doubling (2.0) and no gain (1.0), so noise of a few percent does not move it.
inline constexpr double knee_ratio_threshold = 1.5;

struct knee_result {
    /// The knee: the first local size s (ascending) with throughput(2s) / throughput(s) below
    /// the threshold. When every step doubled, the largest size measured (then lower_bound).
    std::optional<std::uint64_t> knee;
    bool lower_bound = false; ///< throughput still doubled at the largest size measured
    std::vector<std::optional<double>> speedups; ///< per point: throughput / previous; first empty
};

/// The rule in words, as written into the profile.
std::string knee_rule_text();

/// Applies the rule. Precondition: `points` sorted by local size, each size twice the one
/// before (1, 2, 4, ...). A point with zero throughput (not measured) ends the search there.
/// No knee when fewer than two points were measured.
knee_result find_knee(const std::vector<wg_point>& points, double threshold = knee_ratio_threshold);

/// Local sizes 1, 2, 4, ... up to `max_local` (inclusive when a power of two). Empty for 0.
std::vector<std::uint64_t> pow2_local_sizes(std::uint64_t max_local);

/// Total work-items of the probe: compute_units x items_per_cu, rounded up to a multiple of
/// `max_local` (so every local size divides it) and at least max_local.
std::uint64_t wg_probe_work_items(std::uint64_t compute_units, std::uint64_t items_per_cu,
                                  std::uint64_t max_local);

} // namespace grp
