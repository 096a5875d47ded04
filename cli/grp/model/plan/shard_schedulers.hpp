// The schedulers `run --shard auto` knows: which variables each sets in a task's environment,
// how its index and count become shard K/N, which of them a shard records (runs[].shard.
// variables, so that merge can say how to run a lost shard again), and the command that
// resubmits one task the scheduler's way. One table per kind: job arrays with a numbered range
// (Slurm, Grid Engine, LSF), and an index with an optional count (PBS and Flux arrays, a
// Kubernetes Indexed Job, GitLab CI, CircleCI, Buildkite and Azure Pipelines parallel jobs).
// GRP_SHARD_COUNT pins the count: a job array resubmitted for its lost tasks (`sbatch
// --array=3`) is not the array the shards were planned over, so with a pinned count that the
// array contradicts, its task IDs are read in the array's plain numbering (Slurm from 0, Grid
// Engine and LSF from 1): task 3 is shard 4 of the pinned count, as it was in `--array=0-5`.
#pragma once

#include "grp/model/plan/shard.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace grp {

/// An environment variable as a whole number: nothing when it is unset; usage_error (naming
/// the variable) when it is set to anything but decimal digits.
std::optional<std::uint64_t> shard_env_number(const env_lookup& env, const std::string& name);

/// The shard that the scheduler which started this process names, the first scheduler found
/// in the order of docs/fleet.md's table, with the variables it was read from (and the job's
/// own: its ID, name, script, submit folder) in `variables`; count 0 where the scheduler does
/// not say it (auto/N or GRP_SHARD_COUNT give it). Nothing when no scheduler's index is set.
/// Throws usage_error for an index that is not a task of its array, or an array without bounds.
std::optional<shard_spec> scheduler_shard(const env_lookup& env);

/// Every index variable scheduler_shard looks for, for the message that finds none.
std::string scheduler_index_variables();

/// The command that runs shard k of n again the way the scheduler made the shard whose
/// record holds `variables` (source `source`), the count pinned (GRP_SHARD_COUNT=n) and, where
/// the array was not numbered the default way, the index too (GRP_SHARD_INDEX=k): e.g.
/// "GRP_SHARD_COUNT=6 sbatch --array=3 job.sh". "" for a source without a resubmission.
std::string scheduler_resubmission(const std::string& source,
                                   const std::map<std::string, std::string>& variables,
                                   std::uint64_t k, std::uint64_t n);

} // namespace grp
