// Facts about the machine a run is made on, read from /proc, /etc and the environment: what
// `compare` needs to tell "same machine" from "cross-machine", and what a reader needs to
// judge a measurement (CPU, cores, memory, OS, load before and after).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace grp {

/// The machine a run was made on: enough to tell "same machine" from "cross-machine".
struct host_info {
    std::string hostname, os, started_at, finished_at; ///< times ISO 8601 UTC
    std::string os_release;                            ///< PRETTY_NAME of /etc/os-release
    std::string cpu_model;                             ///< /proc/cpuinfo "model name"
    std::uint32_t cpu_cores = 0;                       ///< logical CPUs online
    std::uint64_t memory_bytes = 0;
    std::string machine_id; ///< sha256 prefix of /etc/machine-id; "" when unreadable
    std::optional<std::array<double, 3>> load_start, load_end; ///< 1, 5, 15 min averages
    std::map<std::string, std::string> env; ///< variables that select devices or drivers
    // 2.2: the CPU's clocks. Empty optionals: not readable on that machine (null in the file).
    std::optional<double> cpu_mhz;     ///< cpu0's clock when the run started
    std::optional<double> cpu_max_mhz; ///< cpu0's maximum (cpufreq cpuinfo_max_freq)
    std::string cpu_governor;          ///< cpufreq scaling governor; "" when not exposed
    /// Derived on load, not written: false for a profile older than 2.2, whose clocks were
    /// never recorded ("not recorded", as opposed to "unavailable").
    bool clocks_recorded = true;
};

/// Everything of host_info but the times and load_end; never throws (unreadable facts stay
/// empty).
host_info probe_host();

/// The 1, 5 and 15 minute load averages, when /proc/loadavg is readable.
std::optional<std::array<double, 3>> read_load_average();

/// A random 16-hex-digit id for a run.
std::string random_run_id();

/// True when two hosts are the same machine: equal machine ids when both have one, else equal
/// hostname and CPU model.
bool same_host(const host_info& a, const host_info& b);

} // namespace grp
