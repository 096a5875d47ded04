// What a profile records about the run itself: the tool and host (stamped at the start, the
// load average again at the end), the run's identity, the settings used and the kernels run.
#pragma once

#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/profile.hpp"

#include <string>
#include <vector>

namespace grp::run {

struct run_options;

/// The profile's tool, host and runs sections for this process; started_at is now.
void stamp_profile(profile& p, const std::vector<std::string>& argv);
/// finished_at and the load average at the end, on the host and the run record; the run
/// record of this process also gets its phases, wall time and the other processes' load.
void finish_host_record(profile& p);

nlohmann::ordered_json settings_json(const run_options& o);
void record_kernels(profile& p, const std::vector<kernel_spec>& kernels);

/// Bytes of the peak measurement: --peak-bytes, else the sweep's largest input (at least the
/// device's default size): bandwidth depends on the transfer size.
std::uint64_t sweep_peak_bytes(const run_options& opt, const std::vector<sweep_point>& points,
                               const device_info& dev);

/// Current UTC time as ISO 8601 ("2026-11-22T09:30:00Z").
std::string utc_now();

} // namespace grp::run
