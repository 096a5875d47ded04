// What a run records of a device beyond its cases: its timer's verdict (from the session's
// probe at the start, cross-checked against the rounds at the end) and, under -d with several
// devices, the failure that ended its part of the run.
#pragma once

#include "grp/core/error.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/run/run_options.hpp"

namespace grp::run {

/// Sets `d.timer` to the probe's verdict and `d.loop_limit` to the driver's loop limit, and
/// announces them (progress.timer_judged, progress.loop_limited).
void record_timer(profile_device& d, const timer_verdict& probed,
                  std::optional<std::uint64_t> loop_limit, const progress_sink& progress);

/// The run's own timer check: the event spans of device `device_index`'s timed launches against
/// the host brackets around them (judge_rounds). A timer the probe trusted that claims more time
/// than the host saw becomes "scaled", announced. Host-timed devices are left alone.
void cross_check_timer(profile& p, int device_index, const progress_sink& progress);

/// An error that ends one device's part of a run, not the run: OpenCL errors and kernel builds
/// (a usage or file error is the same on every device).
bool is_device_failure(const error& e);

/// Device `device_index` (`info`) failed with `e`: its record (added when the failure came
/// before it) keeps the error, announced through progress.device_failed.
void record_failure(profile& p, const device_info& info, int device_index, const error& e,
                    const progress_sink& progress);

} // namespace grp::run
