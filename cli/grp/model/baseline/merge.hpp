// Merging runs into one baseline. A baseline made of several runs lets `compare` measure the
// run-to-run spread instead of assuming it: every case keeps the rounds of every run, tagged
// with the run they came from (round_record::run indexes profile::runs). Devices are matched
// by identity, never by index; cases by key and device.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <string>
#include <utility>
#include <vector>

namespace grp {

struct merge_result {
    profile merged;
    std::vector<std::string> warnings; ///< different hosts, devices or kernel sources, ...
};

/// Merges `inputs` (profile, label) in order. A run (by its id) given twice counts once, with a
/// warning: a case's rounds of that run are taken where they came first (a case that only the
/// later copy has keeps its rounds). A case present in several runs keeps the
/// first run's metadata and every run's rounds; its status is the worst (wrong over ok); a device
/// keeps the best read peak of its runs, and every case's GB/s and % of peak are derived again
/// from the merged rounds and that peak. `shards`: the inputs are shards of one sweep
/// (shards.hpp: check_shards), which run on several hosts by design, so another host is no
/// warning. Throws usage_error when `inputs` is empty.
merge_result merge_profiles(const std::vector<std::pair<profile, std::string>>& inputs,
                            bool shards = false);

} // namespace grp
