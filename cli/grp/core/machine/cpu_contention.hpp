// How much this process was kept from running while it measured, and by whom: the kernel's
// scheduler statistics (/proc/self/task/*/schedstat: ns running, ns runnable but waiting for a
// CPU) of every thread of the process, PoCL's worker threads included, and the share of the
// machine's CPU time that other processes used (/proc/stat's busy time of all CPUs less this
// process's own, /proc/self/stat; clock ticks). On a CPU device a round whose threads waited
// while other processes ran shared the CPU with them (a build, another job on a CI runner): its
// time says more about the load than about the kernel, and compare can set it aside. Waits
// alone are not enough: PoCL's worker threads wait for each other on a quiet machine. Linux
// only; elsewhere, or without CONFIG_SCHED_INFO, nothing is measured.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace grp {

/// The sum over the process's threads of nanoseconds running and waiting to run.
struct sched_totals {
    std::uint64_t run_ns = 0;
    std::uint64_t wait_ns = 0;
};

/// Reads the totals now; empty when /proc/self/task/*/schedstat cannot be read.
std::optional<sched_totals> read_sched_totals();

/// Clock ticks of the whole machine (every field of /proc/stat's "cpu" line: its capacity)
/// and of them the busy ones (all but idle and iowait), and this process's (utime + stime).
struct cpu_ticks {
    std::uint64_t total = 0, busy = 0, own = 0;
};

/// Parses /proc/stat's aggregate "cpu" line into total and busy; empty when it is not there.
std::optional<cpu_ticks> parse_proc_stat(const std::string& text);

/// utime + stime of a /proc/PID/stat line (fields 14 and 15, after the command in parentheses,
/// which may hold spaces and parentheses itself); empty when malformed.
std::optional<std::uint64_t> parse_own_ticks(const std::string& stat_line);

/// Reads both now; empty when either file cannot be read.
std::optional<cpu_ticks> read_cpu_ticks();

/// The share of the machine's ticks between `a` and `b` that other processes were busy:
/// (busy - own) / total, clamped to [0, 1]; empty when no tick passed.
std::optional<double> other_share(const cpu_ticks& a, const cpu_ticks& b);

/// The shortest stretch the meter judges: /proc/stat counts in clock ticks of 10 ms, so over a
/// shorter stretch the other processes' share reads 0, 50 or 100 % by chance, and the waits
/// of a millisecond say nothing about the load. Shorter rounds are left unmeasured (never set
/// aside as disturbed).
inline constexpr std::chrono::milliseconds min_contention_window{20};

/// Measures one stretch of time: start() then ratio() = ns the process's threads waited for a
/// CPU per ns of wall time (0.5: on average half a thread was runnable but not running).
class contention_meter {
public:
    void start();
    /// Empty when the statistics are unavailable or less than min_contention_window passed.
    [[nodiscard]] std::optional<double> ratio() const;
    /// The share of the machine's CPU time other processes used since start() (other_share);
    /// empty like ratio().
    [[nodiscard]] std::optional<double> others() const;

private:
    std::optional<sched_totals> m_start;
    std::optional<cpu_ticks> m_ticks;
    std::chrono::steady_clock::time_point m_wall;
};

} // namespace grp
