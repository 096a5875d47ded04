// `run -d all` (or a list of devices) with the devices in parallel (--devices-parallel): one
// process of this executable per selected device, all started at once in one process group (so
// Ctrl-Z and a second signal reach them together), each measuring its device alone (--device-child,
// the device's flat index) into a part file, as a run of one device would (its own --runs
// processes, duet looks, checkpoints). Their stdout and stderr come through a pipe each and are
// printed line by line, each line prefixed with its device, so the progress of several stays
// readable. A process that fails does not stop the others: its device is recorded with the
// failure (its last error line, or the reason its saved part gives). The merge is
// device_merge.hpp's; what a finished child's exit status means is judged here.
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/parts/device_merge.hpp"
#include "grp/parts/part_folder.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp::parts {

/// The invocation's arguments plus what makes a process measure device `info` alone and write
/// its profile to `path`, with the invocation's `order_seed` (one for every device, as in one
/// process).
std::vector<std::string> device_child_args(const std::vector<std::string>& argv,
                                           const device_info& info, std::uint64_t order_seed,
                                           const std::string& path);

/// "[device 1] ": what prefixes each line of device `info`'s process (its flat index, as -d
/// takes it).
std::string device_prefix(const device_info& info);

/// Why a device's process failed, from its wait status, its saved part's incomplete reason
/// ("" when none) and its last "error: " line ("" when none); "" when it did not fail (exit 0,
/// 1: its wrong cases are in its part, 7; or stopped by a signal, which is an interruption).
std::string child_failure(int status, const std::string& part_reason,
                          const std::string& error_line);

/// Runs one process per device of `devices` (at least two), their parts in `folder`, and
/// returns each device's outcome in the same order. A stop request (run::interrupted) is
/// passed on to every process once; a process stopped by a signal requests one here too.
/// Throws error (exit_code::internal) when a process cannot be started.
std::vector<device_part> run_device_children(const std::vector<std::string>& argv,
                                             const std::vector<device_info>& devices,
                                             std::uint64_t order_seed, part_folder& folder);

} // namespace grp::parts
