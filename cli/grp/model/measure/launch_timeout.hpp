// How long a run waits for one launch before it calls the launch hung, and what a hung launch
// leaves in the profile. A launch that never completes (a user's kernel that loops forever, a
// driver that never finishes one shape) cannot be cancelled in OpenCL: its case ends failed
// with the reason hung_reason gives, and the run goes on in a fresh process (run --after-hang),
// which skips the cases the profile holds in full and the hung ones.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <string>

namespace grp {

/// The least default --launch-timeout, seconds: a first launch includes a JIT compile on some
/// drivers (PoCL), and a loaded CI machine is slow.
constexpr double launch_timeout_floor_s = 60;
/// The default's margin over the plan's longest launch estimate (cost_model.hpp's
/// launch_cost_s, a nominal bandwidth, not a measurement).
constexpr double launch_timeout_margin = 20;

/// The default --launch-timeout for a plan whose longest launch is estimated at
/// `longest_launch_s` seconds: max(60 s, 20 x the estimate).
double default_launch_timeout_s(double longest_launch_s);

/// "hung: no completion after 60 s" (whole seconds when whole).
std::string hung_reason(double seconds);

/// Whether `c` failed because a launch of it hung (its reason begins "hung:").
bool is_hung(const case_result& c);

/// Marks the case `key` of device `device` in `p` failed as hung after `seconds`: the case `p`
/// holds (its rounds dropped: a case's rounds all come from one process), or a new one.
void mark_hung(profile& p, const case_key& key, int device, double seconds);

} // namespace grp
