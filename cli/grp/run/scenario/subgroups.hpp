// The subgroups scenario: the built-in subgroup_reduce kernel (kernels/subgroup.cl, spec'd in
// subgroup.json, not in the default sweep) run through measure_points, so it is verified and timed
// like every kernel, at a few local sizes for int and float. Where the device has no sub-groups
// (no cl_khr_subgroups, no cl_intel_subgroups, no OpenCL 3.0 sub-group support) every case is
// recorded as skipped with that reason and the source is never compiled.
#pragma once

#include "grp/run/scenario/common.hpp"

#include <string>

namespace grp::run {

inline constexpr std::uint64_t subgroups_n = 1ULL << 22;

/// How the device offers sub-groups ("cl_khr_subgroups", "cl_intel_subgroups", "OpenCL 3.0
/// sub-groups"), or "" when it does not.
std::string subgroup_support(const device_info& d);

/// The subgroup_reduce spec adapted to the device: the spec requires cl_khr_subgroups (so
/// `-k subgroup_reduce` skips cleanly elsewhere); on a device that offers sub-groups another
/// way the requirement is dropped, and for OpenCL 3.0 sub-groups -cl-std=CL3.0 is added (the
/// feature macro __opencl_c_subgroups exists only in OpenCL C 3.0).
kernel_spec subgroup_spec_for(const kernel_spec& spec, const device_info& d);

/// Runs (or skips) the cases "subgroup_reduce"/{int,float}/flat/n=2^22/local and fills
/// profile.scenarios["subgroups"] = {available, reason, ...}. Throws kernel_build_error or
/// opencl_error.
void run_subgroups(const scenario_env& env);

} // namespace grp::run
