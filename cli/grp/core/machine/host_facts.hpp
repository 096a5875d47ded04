// The host's side of a device's conditions (device_conditions.hpp), read from Linux sysfs and
// procfs under a root folder that tests replace with a fake tree (GRP_CONDITIONS_ROOT): the
// cpufreq governor, boost or turbo, transparent huge pages, SMT, the microcode revision, the
// kernel release, whether a hypervisor runs the machine, and the share of CPU time a hypervisor
// stole over the run (/proc/stat at its start and end). Files are read through sysfs_file.hpp
// (never blocking, at most a page); a missing file is an unknown fact that names the file.
#pragma once

#include "grp/core/machine/device_conditions.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// The root the facts are read under: GRP_CONDITIONS_ROOT when set, else "/".
std::string conditions_root_from_env();

/// Governor, boost, transparent_hugepages, smt_control, smt_active, microcode, kernel_release
/// and virtualisation, read under `root`. Never throws.
std::vector<condition_fact> host_facts(const std::string& root);

/// The aggregate "cpu" line of /proc/stat: ticks stolen and ticks in all.
struct steal_ticks {
    std::uint64_t steal = 0, total = 0;
};

/// /proc/stat's first line under `root`; nothing when unreadable or not in that shape.
std::optional<steal_ticks> read_steal_ticks(const std::string& root);

/// steal_pct: the percentage of CPU time a hypervisor stole between `start` and `end` (two
/// decimals), or unknown with the reason.
condition_fact steal_fact(const std::optional<steal_ticks>& start,
                          const std::optional<steal_ticks>& end);

} // namespace grp
