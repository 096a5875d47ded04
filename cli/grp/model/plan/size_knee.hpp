// The default problem size on a CPU from measurement, not from the driver's word (#47): the read
// bandwidth against size (the peak's read shapes over the first bytes of one buffer) falls from
// the caches' speed to memory's at the last-level cache's size, its knee; the default n is twice
// the first size of the ladder that reads like memory (a VM's read moves by minutes: at the knee
// itself the peak still read from cache in part), within a time budget. A driver's cache report
// is not used (PoCL reports 0 B on one VM, 32 MiB on another and 300 MiB on a third, whose
// default run took 327 s at the 2^28 floats that 2x 300 MiB asked for).
#pragma once

#include "grp/model/profile/bandwidth.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// The smallest default size on a CPU (under it a quick run times launch costs more than memory),
/// the largest the knee is measured at, and the most a default run affords: the default sweep's
/// GPU-shaped kernels read 1-5 GB/s on a CPU, and at 128 MiB their --min-samples already fill
/// the 17-18 s a default run takes on a 2-core VM.
inline constexpr std::uint64_t knee_floor_bytes = std::uint64_t{32} << 20;
inline constexpr std::uint64_t knee_cap_bytes = std::uint64_t{256} << 20;
inline constexpr std::uint64_t knee_budget_bytes = std::uint64_t{128} << 20;
/// A size reads like memory when it and every larger size of the ladder read at most this much
/// faster than the slower of the two largest sizes.
inline constexpr double knee_margin = 1.15;

/// The default size and why, in words a run's header can print.
struct size_choice {
    std::uint64_t bytes = 0;
    std::string why;
};

/// The ladder a knee is measured on: 4 MiB, 8 MiB, ... up to knee_cap_bytes, each at most a
/// quarter of the device's largest buffer (`max_alloc`, when known).
std::vector<std::uint64_t> knee_ladder(std::optional<std::uint64_t> max_alloc);

/// Twice the first size of `curve` (sizes ascending, the ladder's) from which every size reads
/// within knee_margin of the slower of the two largest, clamped to [knee_floor_bytes,
/// knee_budget_bytes] (`why` says when the budget cut it: cases may then read from cache in
/// part); `reported` (the driver's cache size) is only named in `why`. Empty `why` and 0 bytes
/// for an empty curve.
size_choice choose_from_knee(const std::vector<read_roof>& curve,
                             std::optional<std::uint64_t> reported);

} // namespace grp
