// The metrics derived from a case's samples once a run has them: GB/s, elements per second and
// the share of the device's measured peak read bandwidth, with the flag for a case above the
// peak (a cache-resident input or a peak measured too low): a flag, never a silent win.
#pragma once

#include "grp/model/profile/profile.hpp"

namespace grp {

/// A case whose GB/s exceed this percentage of the device's peak read is flagged above_peak.
inline constexpr double above_peak_pct = 105.0;

/// A case whose median is within this many launch floors (case_result::x_floor) is
/// launch-bound: its time says more about the launch than about the kernel (run's console).
inline constexpr double launch_bound_x_floor = 3.0;

/// Rebuilds the case's samples and summary from its rounds (derive_from_rounds), then sets gbps
/// (bytes / median ns), elements_per_s and pct_of_peak: the median over rounds of each round's
/// rate over its in-round read (in_round_ratio, roof.hpp) where the rounds carry one, else,
/// when `peak_read_gbps` > 0, gbps over it; then above_peak (over above_peak_pct, with a note
/// saying why that is suspect). A case without a positive median gets no metrics. Idempotent:
/// calling it again with another peak replaces pct_of_peak, above_peak and the note.
void derive_metrics(case_result& r, double peak_read_gbps);

/// derive_metrics with the device's peak, x_floor (the median over the device's
/// launch_floor_ns; empty without one), then judge_roof against its roofs (roof.hpp): an ok
/// case faster than the device can read its bytes becomes implausible, and back.
void derive_metrics(case_result& r, const profile_device& d);

} // namespace grp
