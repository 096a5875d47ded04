// Which CPU submits the launches. On the H100 (bench/results/h100-round-noise-modes.txt) a
// 20 us kernel's time sits at a level of its own in every process (sd of process means ~7 %)
// while rounds inside a process vary ~2.5 %; pinning each round's submitting thread to another
// CPU makes the rounds of one process vary as much as processes do (6-8 %): the level belongs
// to the pairing of the submitting CPU with the process, not to the kernel. `run --rotate-cpus`
// pins each round to the next CPU; in the full tool that made rounds vary more without making
// runs agree better (bench/results/h100-gate-power-rotation.txt), so it is a diagnostic.
// Linux only (sched_setaffinity); elsewhere nothing is pinned.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace grp {

/// The CPUs this thread may run on (its affinity mask: taskset, cgroup cpusets), ascending;
/// empty where the mask cannot be read.
std::vector<int> allowed_cpus();

/// Pins the calling thread to one CPU for its lifetime and restores the mask it had before.
/// A CPU that cannot be set (hot-unplugged, outside the cpuset) leaves the thread as it was:
/// pinned() is then empty.
class cpu_pin {
public:
    explicit cpu_pin(int cpu);
    ~cpu_pin();
    cpu_pin(const cpu_pin&) = delete;
    cpu_pin& operator=(const cpu_pin&) = delete;
    cpu_pin(cpu_pin&&) = delete;
    cpu_pin& operator=(cpu_pin&&) = delete;

    /// The CPU the thread is pinned to, or empty when pinning failed.
    [[nodiscard]] std::optional<int> pinned() const { return m_cpu; }

private:
    std::optional<int> m_cpu;
    std::vector<unsigned char> m_saved; ///< the previous mask (a cpu_set_t's bytes)
};

/// The CPU of round `round` (0-based over the whole run, all processes of --runs together):
/// the allowed CPUs in turn. Empty when there is at most one to choose from.
std::optional<int> rotation_cpu(const std::vector<int>& allowed, std::size_t round);

} // namespace grp
