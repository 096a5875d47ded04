// `run --shard K/N`: which shard of a sweep this process runs. K/N as typed, or `auto` (`auto/N`)
// read from the scheduler that started the process: a Slurm job array, a Kubernetes Indexed Job,
// a GitLab CI `parallel:` job, or the GRP_SHARD_INDEX / GRP_SHARD_COUNT pair any CI matrix can
// set. The environment is passed in as a lookup, so every scheduler is testable without one.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace grp {

/// One shard of a partitioned sweep: `index` is 1-based (1 <= index <= count), like
/// `run --part I/K`; `source` says where it came from: "argument", "slurm", "kubernetes",
/// "gitlab" or "environment" (GRP_SHARD_INDEX).
struct shard_spec {
    std::uint64_t index = 0;
    std::uint64_t count = 0;
    std::string source;
};

/// The value of an environment variable, or nothing when it is unset.
using env_lookup = std::function<std::optional<std::string>(const std::string& name)>;

/// This process's environment (getenv).
env_lookup process_environment();

/// The most shards a sweep may be split into.
inline constexpr std::uint64_t max_shards = 100000;

/// Parses --shard: "K/N" (1 <= K <= N <= max_shards), "auto" or "auto/N" (the count given,
/// the index from the environment). auto reads, first found: GRP_SHARD_INDEX (1-based) with
/// GRP_SHARD_COUNT; SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_STEP and
/// SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MAX; JOB_COMPLETION_INDEX (0-based) with the
/// count from auto/N or GRP_SHARD_COUNT; CI_NODE_INDEX (1-based) with CI_NODE_TOTAL. Throws
/// usage_error for a malformed value, K > N, N = 0, no scheduler's variables or a count that
/// auto/N contradicts.
shard_spec parse_shard(const std::string& text, const env_lookup& env);

/// "2/4 (slurm)".
std::string describe_shard(const shard_spec& s);

} // namespace grp
