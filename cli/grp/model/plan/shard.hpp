// `run --shard K/N`: which shard of a sweep this process runs. K/N as typed, or `auto` (`auto/N`)
// read from the scheduler that started the process (shard_schedulers.hpp: a Slurm job array, a
// Kubernetes Indexed Job, a GitLab CI `parallel:` job, ...), or the GRP_SHARD_INDEX /
// GRP_SHARD_COUNT pair any CI matrix can set. The environment is passed in as a lookup, so
// every scheduler is testable without one.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace grp {

/// One shard of a partitioned sweep: `index` is 1-based (1 <= index <= count), like
/// `run --part I/K`; `source` says where it came from: "argument", a scheduler ("slurm", "sge",
/// "kubernetes", ...: shard_schedulers.hpp) or "environment" (GRP_SHARD_INDEX); `variables`: the
/// scheduler's variables it was read from and the job's own (empty for "argument"), kept in the
/// shard's record.
struct shard_spec {
    std::uint64_t index = 0;
    std::uint64_t count = 0;
    std::string source;
    std::map<std::string, std::string> variables;
};

/// The value of an environment variable, or nothing when it is unset.
using env_lookup = std::function<std::optional<std::string>(const std::string& name)>;

/// This process's environment (getenv).
env_lookup process_environment();

/// The most shards a sweep may be split into.
inline constexpr std::uint64_t max_shards = 100000;

/// Parses --shard: "K/N" (1 <= K <= N <= max_shards), "auto" or "auto/N" (the count given,
/// the index from the environment). auto reads the first scheduler found (scheduler_shard);
/// GRP_SHARD_COUNT gives the count where the scheduler does not, and pins it over a job array
/// of another size (a resubmission of its lost tasks). Throws
/// usage_error for a malformed value, K > N, N = 0, no scheduler's variables or a count that
/// auto/N contradicts.
shard_spec parse_shard(const std::string& text, const env_lookup& env);

/// "2/4 (slurm)".
std::string describe_shard(const shard_spec& s);

} // namespace grp
