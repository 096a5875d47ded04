// Runs one sweep point on one device: checks what the device and kernel allow (recording a
// skip with the reason, never clamping), builds, plans the passes, verifies once outside the
// timed loop, then samples with event timestamps until the noise target or the time limit.
#pragma once

#include "grp/model/kernel_spec.hpp"
#include "grp/model/profile.hpp"
#include "grp/model/sweep_plan.hpp"
#include "grp/run/device_data.hpp"
#include "grp/run/measure.hpp"

namespace grp::run {

struct case_context {
    ocl::session& session;
    device_data_cache& data;
    const measure_options& measure;
    int device_index = 0;      ///< index of the device in the profile
    double peak_read_gbps = 0; ///< 0 when not measured
    value_kind values = value_kind::random;
    std::string cl_options; ///< appended to every build (run --cl-options)
};

/// The case's result: ok, wrong, skipped or failed. Throws kernel_build_error when the kernel
/// does not compile (the runner decides whether to go on), and stops early, returning what it
/// has, when interrupted() turns true.
case_result run_case(case_context& ctx, const kernel_spec& k, const sweep_point& p);

/// Set by the SIGINT handler; polled between launches.
bool interrupted();
void request_interrupt();

} // namespace grp::run
