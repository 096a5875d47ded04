// run --resume: the sweep points an existing profile does not hold yet, and the union of the
// resumed profile with what this run measured.
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <string>
#include <vector>

namespace grp::run {

/// The points of `points` whose case is not yet in `done` on the device `dev` (same device:
/// compare's same_device). All of them when `done` is null.
std::vector<sweep_point> points_to_resume(const std::vector<sweep_point>& points,
                                          const std::vector<kernel_spec>& kernels,
                                          const device_info& dev, const profile* done);

/// The profile --resume writes: the resumed profile's cases, then this run's, with this run's
/// tool, host and settings (merge_profiles: devices matched by identity, each case keeps its
/// run's rounds). Warnings go to `warnings`.
profile resume_union(const profile& resumed, const std::string& resumed_path, const profile& now,
                     std::vector<std::string>& warnings);

} // namespace grp::run
