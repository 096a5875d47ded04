// Facts about the machine a run is made on, read from /proc, /etc and the environment: what
// `compare` needs to tell "same machine" from "cross-machine", and what a reader needs to
// judge a measurement (CPU, cores, memory, OS, load before and after).
#pragma once

#include "grp/model/profile/profile.hpp"

#include <array>
#include <optional>

namespace grp {

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
