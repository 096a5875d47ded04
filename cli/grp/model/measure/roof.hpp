// The read roof a case is held to: no honest reduction reads its input much faster than the
// device's best streaming read of as many bytes (read_roof, measured with the peak). A case
// verified right but faster than implausible_factor x that roof skipped work the check cannot
// see, or was timed by a lying clock: it is `implausible`, never `ok`, never a winner, never
// `faster` in compare.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace grp {

/// How far above the roof a case must be to be implausible. A roof is measured once per size,
/// at the start (the peak's size is measured again after every round); on a loaded 2-core VM
/// one measurement read 10.7 GB/s and a later one 21.2 in the same run, so a roof can be 2x
/// low, and an honest kernel then reads at up to 2x its roof. A kernel that skips half its
/// input or more, at a size where it reads at the roof, is still caught.
inline constexpr double implausible_factor = 2.0;

/// The roof (GB/s) a case reading `bytes` on `d` is held to: the roof measured at exactly that
/// size, else the peak when `bytes` is at least the peak's (a larger input reads no faster than
/// memory). Empty when neither applies (no peak, or a smaller size never measured: a
/// cache-resident input may honestly beat the peak). A roof timed low at a busy moment is timed
/// again before a case is called implausible (run's recheck_roofs).
std::optional<double> roof_gbps(const profile_device& d, std::uint64_t bytes);

/// The case's rate over the in-round read, as a ratio: for each round with a median and a
/// positive peak_gbps (the device's best read shape timed in the same round), r.bytes / its
/// median over peak_gbps; the median of those over the rounds. Each round is its own ratio, so a
/// round whose read ran slow (a busy moment) raises only its own, and the median sets it aside.
/// Empty when no round has an in-round read (older profiles, no peak) or r.bytes is 0.
std::optional<double> in_round_ratio(const case_result& r);

/// Judges a case against its roof: an `ok` case above implausible_factor x the roof becomes
/// `implausible` with a reason naming the bytes, the roof and its shape (where the case reads
/// at least the peak's bytes and its rounds carry in-round reads, the roof is the in-round
/// read: in_round_ratio over implausible_factor, so the case and its roof are timed in the
/// same moments); an `implausible` case
/// no longer above it (a peak measured again, a merge) is `ok` again. Other statuses are left
/// alone. Needs r.gbps (derive_metrics).
void judge_roof(case_result& r, const profile_device& d);

/// "reads 300 MB at 412 GB/s, above 2x the device's read roof at that size (180 GB/s,
/// stream_read (...))": the reason an implausible case carries.
std::string implausible_reason(std::uint64_t bytes, double gbps, double roof_gbps,
                               const std::string& shape);

} // namespace grp
