// The run: for each selected device, measure the peak bandwidth, expand the sweep, and measure
// its points in groups whose inputs fit on the device together (each group through
// group_pipeline.hpp: build, upload, verify, interleaved rounds), timing the peak's best read
// shape again after every round (the better median is kept). The profile is filled in place,
// so whatever ends the run (a signal, a build error, an OpenCL error) leaves the finished work
// in it for the caller to save.
#pragma once

#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/spec/kernel_spec.hpp"
#include "grp/run/launch/case_setup.hpp"
#include "grp/run/run_options.hpp"
#include "grp/run/run_record.hpp"

#include <vector>

namespace grp::run {

/// Runs the sweep into `p` (tool and host already stamped; settings, devices, kernels and
/// cases are filled here). Throws opencl_error when no device matches or a device cannot be
/// used, kernel_build_error when a kernel fails to build and keep_going is false, file_error
/// when a spec does not fit its kernel; `p` then holds every case finished before.
void run_sweep(const run_options& opt, const progress_sink& progress, profile& p);

} // namespace grp::run
