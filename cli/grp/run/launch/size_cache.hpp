// The default size a CPU run measured (model/plan/size_knee.hpp), kept per machine so that every
// later run there plans the same n (a baseline and its candidates, the processes of --gate) and
// pays the measurement once: ${GRP_SIZE_CACHE}, else $XDG_CACHE_HOME/gpu-reduce-prof/
// default-size.json, else ~/.cache/gpu-reduce-prof/default-size.json; GRP_SIZE_CACHE=off keeps
// nothing (every run measures). An unreadable or foreign file is ignored, never fatal.
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/model/plan/size_knee.hpp"
#include "grp/run/run_options.hpp"

#include <optional>
#include <string>

namespace grp::ocl {
class session;
}

namespace grp::run {

/// The cache file's path; "" when GRP_SIZE_CACHE is "off" or no home is known.
std::string size_cache_path();

/// The choice stored for `info` (its name, driver, compute units and reported cache), if any.
std::optional<size_choice> cached_default_size(const device_info& info);

/// Stores `c` for `info` (a best effort: a failure to write is said on stderr once, not fatal).
void store_default_size(const device_info& info, const size_choice& c);

/// Whether `opt` plans `info` at a measured default size: a CPU, the default sizes, a run that
/// times launches (not check) and not --shard (shards must plan one sweep on every machine).
bool measures_default_size(const run_options& opt, const device_info& info);

/// The device to plan `opt`'s sweep on: `info` with measured_default_bytes set when it is a CPU,
/// the sizes are the default and the run times launches (not check, not --shard, whose shards
/// must plan one sweep on every machine, so they plan the 128 MiB floor):
/// from the cache, else measured over knee_ladder with the peak's read shapes and stored. The
/// choice goes to progress.size_chosen. Throws what measuring throws (opencl_error).
device_info sized_device(ocl::session& s, const run_options& opt, const device_info& info,
                         const progress_sink& progress);

} // namespace grp::run
