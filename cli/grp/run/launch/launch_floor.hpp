// The device's launch floor (#65): the median START->END span of an empty kernel (peak.cl's
// empty_kernel, one work-item) on the session's queue, the one the cases are timed on, after a
// few untimed launches. What the shortest launch costs there: a case whose median is within a
// few times of it measures the launch more than the kernel (case_result::x_floor), and compare
// can use it as the unit across devices (--normalize floor).
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/ocl/session.hpp"

#include <cstdint>

namespace grp::run {

/// Launches of the floor: warm-up (untimed), then timed; the median of 21 is one launch's.
inline constexpr std::uint64_t floor_warmup_launches = 3;
inline constexpr std::uint64_t floor_timed_launches = 21;

/// Times the floor into dev.launch_floor_ns (the median of the timed launches whose stamps pass
/// check_stamps at the device's timer resolution) and dev.launch_floor_launches (how many
/// passed); both stay empty when none did. Throws opencl_error.
void measure_launch_floor(ocl::session& s, profile_device& dev);

struct run_options;
class phase_clock;

/// measure_launch_floor for a run, timed as the "launch_floor" phase; nothing under `check`
/// (opt.time_nothing). Throws what measure_launch_floor throws.
void device_launch_floor(const run_options& opt, ocl::session& s, phase_clock& phases,
                         profile_device& dev);

} // namespace grp::run
