// What a run of `run --shard K/N` records of its shard (runs[].shard, schema 2.15): which shard
// of how many, where the index came from, the plan's hash (every shard of one sweep has the
// same), how many cases the plan holds and this shard timed, and the anchor cases every shard
// times. `merge` reads it to check the shards are of one plan and none is missing or repeated;
// every reader checks first that the records agree with each other and with the cases the
// profile holds (shard_problems), so a forged or damaged record never passes as a shard.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

struct profile;

struct shard_record {
    std::uint64_t index = 0; ///< 1-based
    std::uint64_t count = 0;
    std::string source;               ///< shard_spec::source (shard.hpp)
    std::string plan_sha256;          ///< shard_partition.hpp: plan_sha256
    std::uint64_t planned_cases = 0;  ///< the whole plan's cases, every device
    std::uint64_t cases = 0;          ///< this shard's, anchors included
    std::vector<std::string> anchors; ///< case keys (case_key::to_string) every shard times
    /// 2.18: the scheduler's variables the shard was read from and the job's own (its array's
    /// range, job ID, name, script, submit folder), so merge can say how to run a lost shard
    /// again the scheduler's way; empty for --shard K/N and in older profiles.
    std::map<std::string, std::string> variables;
};

/// The record as JSON, and back (absent or null: none). from_json throws nlohmann's errors on
/// wrong types, which the profile reader reports as a bad file.
nlohmann::ordered_json shard_json(const std::optional<shard_record>& s);
std::optional<shard_record> shard_from(const nlohmann::ordered_json& run);

/// What the schema cannot say of the profile's shard records, one "/runs/I/shard/FIELD: what"
/// per problem: an index above its count (shard 4 of 3); a count or plan hash that differs
/// from the first shard run's (one profile holds the shards of one split of one plan); more
/// cases than the plan holds; and a profile that says it is complete yet holds fewer cases
/// than its shards' records count (each record's cases, the anchor cases once). Part of
/// consistency_problems (io.hpp): validate lists them, every reader refuses them (exit 5).
std::vector<std::string> shard_problems(const profile& p);

} // namespace grp
