// `merge` of the shards of one sharded sweep (run --shard K/N): which shards the inputs hold,
// checked before they are merged. Shards are recognised by their runs' shard records
// (runs[].shard): every input must be of the same plan (plan_sha256) split the same way
// (count); a shard index that two different runs claim (a retry that raced the task it
// retried) is kept once, by rule: the complete copy, then the one with more cases ok, then the
// one given first, the other left out and said in a note (its cases would otherwise be timed
// twice, perhaps on two cards); a missing shard makes the set incomplete: merge refuses it
// (exit 11, naming the shards, the scheduler's resubmission and the commands that run them)
// unless --allow-missing, which merges the rest into a profile marked incomplete.
// Each shard's record was checked against its own file when it was read (shard_problems).
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace grp {

struct shard_census {
    bool sharded = false; ///< the inputs are shards; false: none of them is
    std::string plan_sha256;
    std::uint64_t count = 0;             ///< N of K/N
    std::uint64_t planned_cases = 0;     ///< the whole plan's
    std::vector<std::uint64_t> present;  ///< 1-based shard indices found, ascending
    std::vector<std::uint64_t> missing;  ///< 1-based, ascending
    std::vector<std::string> anchors;    ///< the anchor keys every shard timed
    std::vector<std::string> warnings;   ///< the missing shards, in words
    std::vector<std::string> rerun_argv; ///< the first shard file's tool.argv (run --shard ...)
    /// The scheduler of the first shard that can be resubmitted its way, and that shard's
    /// recorded variables (scheduler_resubmission); "" when none can.
    std::string resubmit_source;
    std::map<std::string, std::string> resubmit_variables;
    std::vector<std::size_t> left_out; ///< inputs (positions) left out: a shard's second copy
    std::vector<std::string> notes;    ///< why, in words
};

/// The shards among `inputs` (profile, label). Throws usage_error (naming the file) when some
/// inputs are shards and others are not, when an input's plan hash or anchors differ from the
/// first shard's, or when two inputs hold the same shard index from different runs and one of
/// them holds other shards too (else one copy is kept: `left_out`, `notes`; the same run given
/// twice is left to merge_profiles, which counts it once); file_error (exit 5,
/// naming the file and /runs/I/shard/count) when a shard of the same plan claims another
/// shard count.
shard_census check_shards(const std::vector<std::pair<profile, std::string>>& inputs);

/// The inputs without those check_shards left out (a shard's second copy), as merge merges them.
void drop_left_out(std::vector<std::pair<profile, std::string>>& inputs, const shard_census& c);

/// "shards 2, 4 of 4 missing: the merged profile lacks their share of the plan's N cases".
std::string missing_text(const shard_census& c);

/// Throws file_error when the merged profile of shards breaks what its readers check
/// (shard_problems): shards each whole on their own whose cases overlap add up to fewer
/// cases than their records count, and a profile merge wrote must load again.
void check_merged_shards(const profile& merged);

/// With shards missing, `merged` is marked incomplete (complete false, the missing shards in
/// incomplete_reason): a partial sweep is never a complete profile. Nothing otherwise.
void mark_missing_shards(profile& merged, const shard_census& c);

} // namespace grp
