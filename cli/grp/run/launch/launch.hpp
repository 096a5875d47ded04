// The launches of one case: the kernel of every pass with its arguments bound, the partial
// buffers between passes, and the timing of one execution of the whole chain from its events
// (the device span from the first START to the last END, and the sum of the passes).
#pragma once

#include "grp/model/measure/timestamps.hpp"
#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/spec/kernel_spec.hpp"
#include "grp/ocl/session.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp::run {

using buffer_set = std::vector<cl::Buffer>; ///< 1 buffer, or 3 for soa

class launch_chain {
public:
    /// Kernels for every pass (built through the session's cache) and partial buffers.
    /// Throws kernel_build_error, or opencl_error naming the spec field on argument errors.
    launch_chain(ocl::session& s, const kernel_spec& k, const sweep_point& p,
                 const std::vector<pass_info>& passes, const std::string& cl_options);

    /// Binds pass 0 to `input` and every pass to fresh partial buffers (each round gets new
    /// allocations, so buffer placement varies between rounds as it does between runs).
    void bind(const buffer_set& input);

    /// Enqueues every pass, waits, and returns the timing (chain_span of the passes' stamps).
    /// Every launch, timed or not, first poisons the slots the passes must write (poison()).
    chain_timing run(std::uint64_t timer_resolution_ns);
    /// Enqueues every pass and waits, without reading timestamps.
    void run_untimed();

    /// Fills the result slots (the last pass's: one record per work-group, or the one result)
    /// with all-ones bytes: NaN for float and double, so a slot a launch leaves unwritten
    /// cannot pass for a result and a kernel that returns because its output already holds a
    /// value returns NaN. Earlier passes' partials are not poisoned: a stale partial gives a
    /// wrong sum, since the data changes before every timed launch (input_store::perturb).
    /// Enqueued before the first pass, outside its events.
    void poison();
    /// Records of the last read_result() still holding the poison (float and double only:
    /// all-ones is a value an integer sum may honestly take).
    [[nodiscard]] std::uint64_t poisoned_records() const { return m_poisoned_records; }

    /// The reduced value(s): the single record the device wrote, or for finish "host" the
    /// partials of the last pass summed in long double (so summation_depth's `host_tail` is the
    /// host's part).
    [[nodiscard]] std::vector<double> read_result();
    /// For finish "last_group": the counter the kernel must leave at zero.
    [[nodiscard]] std::optional<std::uint32_t> read_counter();

    [[nodiscard]] const std::string& build_options() const { return m_options; }
    [[nodiscard]] const std::string& build_log() const { return m_log; }
    [[nodiscard]] cl::Kernel& first_kernel() { return m_kernels.front(); }
    [[nodiscard]] const std::vector<pass_info>& passes() const { return m_passes; }
    /// A hung launch of this chain is reported as case `key`'s (the held-out size check runs
    /// a case's kernel at another n: a hang there is the case's).
    void report_as(const case_key& key) { m_key = key; }

private:
    ocl::session& m_session;
    const kernel_spec& m_spec;
    sweep_point m_point;
    case_key m_key; ///< for a hung launch's report (hang_watch.hpp)
    std::vector<pass_info> m_passes;
    std::vector<cl::Kernel> m_kernels;
    std::vector<buffer_set> m_partials; ///< output of pass i
    std::optional<cl::Buffer> m_counter;
    std::string m_options, m_log;
    std::uint64_t m_poisoned_records = 0;

    buffer_set make_partials(std::size_t pass);
    void set_args(std::size_t pass, const buffer_set& in, const buffer_set& out);
};

} // namespace grp::run
