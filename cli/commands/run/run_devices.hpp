// `run -d all` (or a list of devices) on the command line: whether the devices are measured at
// once, a process each (--devices-parallel, parts/device_parts.hpp), and the parent's share of
// it: the folder the parts wait in beside the output (which --runs uses too), the merge into one
// profile, an interruption, and a failure shared by every device (a usage or file error that
// each process met alike stops the run with its code, as it would in one process).
#pragma once

#include "commands/run/run_options.hpp"
#include "grp/core/machine/device_info.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/parts/checkpoint_store.hpp"
#include "grp/parts/part_folder.hpp"
#include "grp/run/run_options.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace grp::cli {

/// The devices to measure at once, a process each, in the order selected; empty when the run
/// measures here (one device, --devices-parallel off, auto with a CPU device among them, with
/// --shard or --resume, a process of --runs or of a parallel run). Lists the devices only when
/// the selection may name several. Throws usage_error for --devices-parallel on with --shard
/// or --resume, and what ocl::select throws.
std::vector<device_info> parallel_devices(const run_cli_options& o, const run::run_options& opts);

/// The folder of parts beside `out` (processes of --runs, or of parallel devices), whose merged
/// parts go after every save of `store`, and which a second signal that ends the run names when
/// parts stay in it. The hooks hold it weakly: it goes once the caller drops it.
std::shared_ptr<parts::part_folder> make_part_folder(const std::string& out,
                                                     parts::checkpoint_store& store);

/// Measures `devices` at once, a process each (all with the invocation's `order_seed`, as one
/// process's devices share it), their parts in `folder`, merged into `p` (the parent's stamped
/// profile: its tool and host). A device whose process failed is recorded with
/// its failure and the others kept. Throws error with the processes' code when every one failed
/// alike with an error that is not a device's (not OpenCL, not a kernel build), and 128 + N when
/// a signal stopped the run before any device finished a case.
void measure_devices(const std::vector<device_info>& devices, parts::part_folder& folder,
                     bool quiet, std::uint64_t order_seed, profile& p);

} // namespace grp::cli
