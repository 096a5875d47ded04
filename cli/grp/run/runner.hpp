// The run: for each selected device, measure the peak bandwidth, expand the sweep, run every
// point (case_runner), and collect a profile. Progress goes to a sink so the console, tests and
// scenarios can watch. Stops between cases when interrupted (Ctrl-C) and marks the profile
// incomplete; the finished cases are kept.
#pragma once

#include "grp/model/device_select.hpp"
#include "grp/model/kernel_spec.hpp"
#include "grp/model/profile.hpp"
#include "grp/model/sweep_plan.hpp"
#include "grp/run/measure.hpp"

#include <functional>
#include <string>
#include <vector>

namespace grp::run {

struct run_options {
    std::vector<device_selector> devices;
    std::vector<kernel_spec> kernels;
    sweep_options sweep;
    measure_options measure;
    bool keep_going = false; ///< a kernel that fails to build is recorded as failed, not fatal
    bool measure_peak = true;
    std::uint64_t peak_bytes = 0;       ///< 0: the largest input of the sweep
    std::string cl_options;             ///< appended to every kernel's build options
    std::vector<std::string> scenarios; ///< run after the sweep, in this order
    std::uint64_t barrier_runs = 200;   ///< launches per kernel in the barrier scenario
};

/// Callbacks for progress; any may be empty.
struct progress_sink {
    std::function<void(const device_info&, std::size_t cases)> device_started;
    std::function<void(const device_info&, const peak_bandwidth&)> peak_measured;
    std::function<void(std::size_t index, std::size_t total, const case_key&)> case_started;
    std::function<void(std::size_t index, std::size_t total, const case_result&)> case_finished;
};

/// Runs the sweep and returns the profile (tool, host and settings filled in). Throws
/// opencl_error when no device matches or a device cannot be used, and kernel_build_error when a
/// kernel fails to build and keep_going is false.
profile run_sweep(const run_options& opt, const progress_sink& progress);

/// The profile's tool and host sections for this process; started_at is now.
void stamp_profile(profile& p, const std::vector<std::string>& argv);

/// Current UTC time as ISO 8601 ("2026-11-22T09:30:00Z").
std::string utc_now();

} // namespace grp::run
