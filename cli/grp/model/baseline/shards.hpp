// `merge` of the shards of one sharded sweep (run --shard K/N): which shards the inputs hold,
// checked before they are merged. Shards are recognised by their runs' shard records
// (runs[].shard): every input must be of the same plan (plan_sha256) split the same way
// (count); a shard index that two different runs claim is refused (a rerun shard would time
// its cases twice, possibly on two cards, and which one stands is the user's call); a missing
// shard is named in a warning, and the merged profile then lacks its cases.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace grp {

struct shard_census {
    bool sharded = false; ///< the inputs are shards; false: none of them is
    std::string plan_sha256;
    std::uint64_t count = 0;            ///< N of K/N
    std::uint64_t planned_cases = 0;    ///< the whole plan's
    std::vector<std::uint64_t> present; ///< 1-based shard indices found, ascending
    std::vector<std::uint64_t> missing; ///< 1-based, ascending
    std::vector<std::string> anchors;   ///< the anchor keys every shard timed
    std::vector<std::string> warnings;  ///< the missing shards, in words
};

/// The shards among `inputs` (profile, label). Throws usage_error (naming the file) when some
/// inputs are shards and others are not, when an input's plan hash, shard count or anchors
/// differ from the first shard's, or when two inputs hold the same shard index from different
/// runs (the same run given twice is left to merge_profiles, which counts it once).
shard_census check_shards(const std::vector<std::pair<profile, std::string>>& inputs);

} // namespace grp
