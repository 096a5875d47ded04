// One device's OpenCL state for a run: context, an in-order profiling queue, and a program
// cache keyed by (owner, source, build options) so each configuration compiles once. The owner
// is the kernel's name in the sweep: two kernels of the same source and options (a duet's base
// and an unchanged candidate) get programs of their own, as in two applications. Sharing one
// program made the second kernel object read 7 % slower than the first on the H100 at 2^20,
// local 64, in 22 of 22 invocations (bench/results/h100-gate-duet-shared-program.txt; with a
// program each: h200-gate-duet-control.txt). Build failures become kernel_build_error with the full
// log; other cl::Error become opencl_error with context.
#pragma once

#include "grp/model/measure/timer_verdict.hpp"
#include "grp/model/measure/timestamps.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/ocl/timer_probe.hpp"

#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <utility>

namespace grp::ocl {

class session {
public:
    /// Creates the context and a queue with CL_QUEUE_PROFILING_ENABLE, and probes its timer
    /// (timer_probe.hpp). A device that refuses a profiling queue gets a plain one and the
    /// verdict "host"; any verdict but trusted (or unchecked) makes time_launch and the launch
    /// chains time on the host clock. Throws opencl_error when no context can be made.
    /// `probe` false: no timer probe (check times nothing); the verdict stays unchecked.
    /// A device listed without its preferred work-group multiple (select(..., false)) gets it
    /// here, from a kernel built in this context: info() has it.
    explicit session(device_handle dev, bool probe = true);

    [[nodiscard]] const device_info& info() const { return m_dev.info; }
    /// The facts the cases' grids are planned from: info(), or as plan_as set them.
    [[nodiscard]] const device_info& plan_info() const { return m_plan; }
    /// check --estimate-for: the cases' grids are planned as on another device (its compute
    /// units and type: "8*cu" groups of a 132-CU GPU), so the simulator counts the launches
    /// that device would run. info() and the tool's own helper kernels keep the real device's.
    void plan_as(std::uint32_t compute_units, const std::string& type) {
        m_plan.compute_units = compute_units;
        m_plan.type = type;
    }
    [[nodiscard]] const cl::Device& device() const { return m_dev.device; }
    [[nodiscard]] cl::Context& context() { return m_context; }
    [[nodiscard]] cl::CommandQueue& queue() { return m_queue; }
    [[nodiscard]] const timer_verdict& timer() const { return m_probe.timer; }
    [[nodiscard]] bool host_timing() const { return m_probe.timer.host_timing(); }
    /// The driver's limit on a work-item's loop iterations, when the probe found one; the
    /// tool's helper kernels then use more work-items (streaming_grid).
    [[nodiscard]] std::optional<std::uint64_t> loop_limit() const { return m_probe.loop_limit; }

    /// Runs `launch` (which enqueues one command and returns its event), waits, and returns its
    /// stamps: the event's, or on host timing the steady clock before the enqueue and after the
    /// wait (QUEUED = SUBMIT = START).
    launch_stamps time_launch(const std::function<cl::Event()>& launch);

    /// The kernel `entry` of `source` built with `options` for `owner`; compiled on first use.
    /// Throws kernel_build_error (exit 4) with the build log, or file_error-free opencl_error
    /// when the entry point is missing.
    cl::Kernel kernel(const std::string& source, const std::string& options,
                      const std::string& entry, const std::string& owner = "");

    /// The build log of a program built by kernel() ("" if none was built with these inputs).
    [[nodiscard]] std::string build_log(const std::string& source, const std::string& options,
                                        const std::string& owner = "") const;

    /// Number of distinct programs built so far (for progress and tests).
    [[nodiscard]] std::size_t programs_built() const { return m_programs.size(); }

private:
    device_handle m_dev;
    device_info m_plan; ///< plan_info(): m_dev.info unless plan_as changed it
    cl::Context m_context;
    cl::CommandQueue m_queue;
    probe_result m_probe;
    using program_key =
        std::tuple<std::string, std::string, std::string>; ///< owner, source, options
    std::map<program_key, cl::Program> m_programs;
    std::map<program_key, std::string> m_logs;
};

/// Reads QUEUED, SUBMIT, START and END of a finished event. Throws opencl_error.
launch_stamps read_stamps(const cl::Event& e);

/// The host's steady clock in ns (the clock of host timing and of the timer checks).
std::uint64_t host_clock_ns();

} // namespace grp::ocl
