// The partition behind `run --shard K/N`: every shard plans the same sweep, then keeps its share
// of the cases (configurations, not whole kernels: a kernel's cases spread over the shards)
// plus the anchor cases, which every shard times so that `merge` can tell the card from the
// configuration. Shares are balanced by each case's estimated cost (the cost model of
// `--dry-run`, cost_model.hpp); the partition is a pure function of the plan, so every shard
// computes the same one without talking to the others.
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace grp {

/// Where every case of one plan goes.
struct shard_partition {
    std::vector<std::size_t> anchors; ///< plan indices timed by every shard, ascending
    /// Per plan index: the shard (0-based) that times it; for an anchor, every shard (npos).
    std::vector<std::size_t> owner;
    std::vector<double> load_s; ///< per shard: its cases' estimated cost, anchors left out
    static constexpr std::size_t every_shard = static_cast<std::size_t>(-1);
};

/// The default anchors: `count` cases among the `eligible` ones (those that will be timed),
/// one from each of `count` equal stretches of the plan in plan order (so they come from
/// different kernels and sizes of the sweep), each the stretch's lower-quartile case by cost:
/// cheap, but not the cheapest, which a launch's fixed overhead dominates. Fewer when fewer are
/// eligible. Deterministic: ties go to the earlier case.
std::vector<std::size_t> default_anchors(const std::vector<double>& cost_s,
                                         const std::vector<bool>& eligible, std::size_t count);

/// How many anchors a plan of `eligible` timed cases gets by default: 3, and never more than a
/// third of them (at least 1 when any is eligible).
std::size_t default_anchor_count(std::size_t eligible);

/// Spreads the cases that are not `anchors` over `shards` by their estimated cost, greatest
/// first, each to the shard with the least cost so far (then the fewest cases, then the lowest
/// index): the difference between the most and the least loaded shard is at most the largest
/// single case's cost. Disjoint, complete and deterministic. Precondition: shards >= 1, every
/// anchor < cost_s.size().
shard_partition partition_plan(const std::vector<double>& cost_s,
                               const std::vector<std::size_t>& anchors, std::size_t shards);

/// The plan's identity: sha256 over its devices' case keys (each device's set sorted, so the
/// sweep's --order does not change it). Shards of one sweep share it; `merge` checks it.
std::string plan_sha256(const std::vector<std::set<std::string>>& keys_by_device);

/// What one shard keeps of each device's plan (the case keys), set by the command before a
/// run and applied by the runner to every device's points.
struct shard_filter {
    std::vector<std::set<std::string>> keys_by_device;
};

} // namespace grp
