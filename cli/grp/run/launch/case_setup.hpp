// Turns a sweep point into a case ready to launch: what the spec, the device and the built
// kernel allow (a skip with the reason, never a clamp), the pass plan, the built chain, the
// input it reads and the summation depth its tolerance uses.
#pragma once

#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/spec/kernel_spec.hpp"
#include "grp/run/launch/input_store.hpp"
#include "grp/run/launch/launch.hpp"

#include <memory>
#include <string>

namespace grp::run {

/// Which limit decides the local sizes above a kernel's CL_KERNEL_WORK_GROUP_SIZE.
enum class wg_limit_policy {
    device, ///< try the launch up to the device's limits; an enqueue error skips the case
    kernel, ///< trust the kernel query: skip anything above it
};
wg_limit_policy parse_wg_limit_policy(const std::string& s);
std::string to_string(wg_limit_policy p);

struct setup_options {
    std::string cl_options;
    wg_limit_policy wg_limit = wg_limit_policy::device;
    int device_index = 0;
    std::string data_description; ///< data_choice::describe
    /// Draws the held-out sizes (held_out_check.hpp): the invocation's order seed, which no
    /// kernel sees.
    std::uint64_t held_out_seed = 0;
};

struct prepared_case {
    const kernel_spec* spec = nullptr;
    sweep_point point;
    case_result result;
    input_key input;
    std::uint64_t input_records = 0;          ///< records the input buffer must hold (padding)
    std::uint64_t depth = 0;                  ///< summation depth for the tolerance
    std::unique_ptr<launch_chain> chain;      ///< null: skipped or failed, nothing to launch
    const device_input* input_data = nullptr; ///< set once the input is on the device
    bool restore_each_launch = false;  ///< in_place kernels, and kernels caught writing input
    std::uint64_t kernel_wg_limit = 0; ///< CL_KERNEL_WORK_GROUP_SIZE when the launch is above it
    setup_options setup; ///< what prepare_case was given (the held-out check prepares again)
    [[nodiscard]] bool active() const { return chain != nullptr; }
};

/// The case with its key, bytes and status filled; `chain` set when it can run. Throws
/// kernel_build_error when the kernel does not compile and file_error when the spec does not
/// match the kernel (missing entry, wrong argument count or roles); the runner decides.
prepared_case prepare_case(ocl::session& s, const kernel_spec& k, const sweep_point& p,
                           const setup_options& o);

/// Why the spec or device rules out the point, or "".
std::string static_skip_reason(const kernel_spec& k, const sweep_point& p, const device_info& d);

/// Uploads the inputs the active cases read (padded for the largest need) and points the cases
/// at them; an input the first in key order was prefetched (input_store::prefetch).
void upload_inputs(input_store& inputs, std::vector<prepared_case>& cases);

/// Whether prepare_case gets as far as building the point (the spec, device and pass plan allow
/// it); the kernel's own work-group limit may still skip it.
bool point_builds(const ocl::session& s, const kernel_spec& k, const sweep_point& p);

/// The input a point reads.
input_key input_of(const sweep_point& p);

/// The case key of a point.
case_key key_of(const kernel_spec& k, const sweep_point& p);

} // namespace grp::run
