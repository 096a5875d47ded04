// How much this process was kept from running while it measured: the kernel's scheduler
// statistics (/proc/self/task/*/schedstat: ns running, ns runnable but waiting for a CPU) of
// every thread of the process, PoCL's worker threads included. On a CPU device a round whose
// threads waited for a CPU shared it with another process (a build, another job on a CI
// runner): its time says more about the load than about the kernel, and compare can set it
// aside. Linux only; elsewhere, or without CONFIG_SCHED_INFO, nothing is measured.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

namespace grp {

/// The sum over the process's threads of nanoseconds running and waiting to run.
struct sched_totals {
    std::uint64_t run_ns = 0;
    std::uint64_t wait_ns = 0;
};

/// Reads the totals now; empty when /proc/self/task/*/schedstat cannot be read.
std::optional<sched_totals> read_sched_totals();

/// Measures one stretch of time: start() then ratio() = ns the process's threads waited for a
/// CPU per ns of wall time (0.5: on average half a thread was runnable but not running).
class contention_meter {
public:
    void start();
    /// Empty when the statistics are unavailable or no time passed.
    [[nodiscard]] std::optional<double> ratio() const;

private:
    std::optional<sched_totals> m_start;
    std::chrono::steady_clock::time_point m_wall;
};

} // namespace grp
