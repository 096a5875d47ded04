// Fabricated shards for the fleet tests: a card of model "GPU X" as a device of a merged profile,
// with the run that timed it recorded as shard `card + 1` of `cards` of one plan.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <string>
#include <vector>

namespace grp::test_support {

inline void add_card(profile& p, std::size_t card, std::size_t cards,
                     const std::vector<std::string>& anchors) {
    profile_device d;
    d.info.name = "GPU X";
    d.info.uuid = "uuid-" + std::to_string(card);
    p.devices.push_back(d);
    run_record run;
    run.id = "run" + std::to_string(card);
    run.shard = shard_record{card + 1, cards, "slurm", std::string(64, 'a'), 9, 5, anchors, {}};
    p.runs.push_back(run);
}

} // namespace grp::test_support
