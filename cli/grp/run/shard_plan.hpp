// `run --shard K/N` before the run: every selected device's whole plan (the same on every
// shard), each case's estimated cost (cost_model.hpp) and whether it will be timed, the anchors
// (--anchor's keys, or default_anchors), the partition, and what this shard keeps; then, in the
// runner, each device's points narrowed to that share. Also the skip test `--dry-run` shares,
// and the narrowing of a sequential duet's later processes to the points a look left undecided.
#pragma once

#include "grp/model/plan/shard.hpp"
#include "grp/model/plan/shard_partition.hpp"
#include "grp/model/profile/shard_record.hpp"
#include "grp/run/run_options.hpp"

#include <string>
#include <vector>

namespace grp::run {

/// Why a planned point would be skipped without building it: the spec's and the device's
/// limits, and the pass plan (the build-time limits show only in the run); "" when it runs.
std::string planned_skip_reason(const kernel_spec& k, const sweep_point& p, const device_info& dev);

/// One shard's share of the plan, for the run and for --dry-run.
struct shard_plan {
    shard_record record;
    shard_filter filter;
    std::vector<double> load_s; ///< per shard, every device: the estimated cost, anchors left out
    double anchors_s = 0;       ///< the anchors' estimated cost, paid by every shard
};

/// Plans shard `spec` of the sweep `opt` asks for on its selected devices. `anchor_keys`:
/// --anchor's case keys (each must be in the first device's plan and timed there), or empty
/// for default_anchors. Throws usage_error for an unknown or skipped anchor and for a plan
/// over --max-cases; opencl_error when no device matches.
shard_plan plan_shard(const run_options& opt, const shard_spec& spec,
                      const std::vector<std::string>& anchor_keys);

/// `points` (device `device_index`'s plan) narrowed to the run's shard; all of them without
/// --shard.
std::vector<sweep_point> shard_points(const run_options& opt, std::vector<sweep_point> points,
                                      int device_index);

/// `points` narrowed to opt.only_points (a sequential duet's process after a look: every
/// kernel at the sweep points the look left undecided); all of them when it is empty.
std::vector<sweep_point> undecided_points(const run_options& opt, std::vector<sweep_point> points);

} // namespace grp::run
