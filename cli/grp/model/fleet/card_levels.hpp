// Card levels from anchors: in a profile merged from the shards of one sweep (run --shard K/N),
// every card timed the same anchor cases, so the anchors' per-round times form a block design
// (anchor x card). Per device model (cards of one name), log t = anchor effect + card effect +
// noise is fitted (stats/block_design.hpp); a card's level is exp(its effect), relative to the
// model's typical card (the median effect), with a Student t interval; an outlier card's whole
// interval lies beyond the threshold. Every case is then given as measured and normalised by
// its card's level. Derived data, like the profile's `best`: written as the profile's `fleet`.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

struct card_level {
    int device = 0;           ///< index into profile::devices
    double level = 1;         ///< time against its model's typical card: 1.062 is 6.2 % slower
    double low = 1, high = 1; ///< the level's interval
    std::size_t anchors = 0, rounds = 0; ///< anchor cases and their rounds it timed
    bool outlier = false;                ///< the whole interval beyond 1 +- threshold
};

/// The cards of one device model.
struct model_levels {
    std::string model;
    std::vector<card_level> cards;
    double df = 0;                       ///< of the error term; 0: too little data for an interval
    std::string error_term;              ///< block_design_fit::error_term
    [[nodiscard]] double spread() const; ///< highest level / lowest - 1
};

struct fleet_levels {
    std::vector<std::string> anchors; ///< the case keys the fit used
    std::vector<model_levels> models;
    double threshold = 0.02, confidence = 0.95;
    /// The level of device `d` (1 for a device outside the fit).
    [[nodiscard]] double level_of(int d) const;
};

/// The fit for profile `p`, or nothing when no run of it is a shard (runs[].shard) or no anchor
/// case was timed ok. `threshold`: the relative difference a card must be beyond, with its
/// whole interval, to be an outlier; `confidence`: the interval's two-sided level.
std::optional<fleet_levels> fleet_levels_of(const profile& p, double threshold = 0.02,
                                            double confidence = 0.95);

/// The profile's `fleet` section: the fit (anchors, models, cards with their device's name and
/// identity) and every ok case's median as measured and normalised; null when there is none.
nlohmann::ordered_json fleet_json(const profile& p);

/// "card 3 (NVIDIA H100, 0000:41:00.0): 6.2 % [4.9, 7.5] slower than the fleet's median card".
std::string card_sentence(const profile& p, const card_level& c);

} // namespace grp
