// Built-in scenarios: experiments that explain results rather than only time them (wg-probe,
// barrier, precision, subgroups). Each writes cases in the ordinary profile format (with
// case_result::scenario set), a summary under profile::scenarios[name], and may fill device
// facts such as profile_device::simd_width_estimate.
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/ocl/session.hpp"
#include "grp/run/measure.hpp"
#include "grp/run/run_options.hpp"

#include <string>
#include <vector>

namespace grp::run {

/// The scenario names `run --scenario` accepts.
const std::vector<std::string>& scenario_names();

/// Throws usage_error listing the valid names when `name` is not one.
void check_scenario_name(const std::string& name);

/// Runs scenario `name` on the device of session `s`, which is p.devices[device_index], and
/// appends its cases to p.cases. Reports each case through `progress`. Throws opencl_error or
/// kernel_build_error like measure_points.
void run_scenario(const std::string& name, ocl::session& s, int device_index,
                  const run_options& opt, profile& p, const progress_sink& progress);

} // namespace grp::run
