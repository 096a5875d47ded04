// The best configuration across a fleet: in a profile merged from the shards of one sweep, the
// configurations of one sweep point were timed on different cards, so a per-device best
// (model/profile/best.hpp) names one winner per card, each over that card's share of the sweep.
// Here every verified case of a sweep point on the cards of one device model competes, its time
// normalised by its card's level (card_levels.hpp), and the others are set against the winner as
// best_ties.hpp sets them (compare's 99 % interval and ±5 % threshold over the rounds), the
// card levels' own uncertainty added to the interval wherever the two cases ran on different
// cards: a configuration that only looks faster because its card is faster is not separated.
// Derived data, like `fleet`: written as fleet.best.
#pragma once

#include "grp/model/fleet/card_levels.hpp"
#include "grp/model/stats/inference.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace grp {

struct fleet_best {
    std::string model, type, layout, op; ///< the sweep point, over the model's cards
    std::uint64_t n = 0;
    const case_result* winner = nullptr;
    double normalized_ns = 0;                      ///< the winner's median over its card's level
    std::vector<const case_result*> tied;          ///< the same within ±threshold
    std::vector<const case_result*> not_separated; ///< neither separated nor tied
    std::size_t separated = 0;                     ///< slower beyond the threshold
    const case_result* runner_up = nullptr;        ///< the next fastest normalised median
    change_estimate margin; ///< runner-up against the winner, normalised, card error added
};

/// One entry per (device model, type, layout, n, op) of the cards in `f` with a case that can
/// win; several cards per model only (one card: model/profile/best.hpp says it).
std::vector<fleet_best> fleet_bests(const profile& p, const fleet_levels& f);

/// fleet.best: per entry the sweep point, the winner (key, card, normalised median), the tied and
/// not separated keys with their cards, and the runner-up's change with its interval.
nlohmann::ordered_json fleet_best_json(const std::vector<fleet_best>& bests);

/// "float n=2^20 on 2 x NVIDIA H200: reduce6 local 256 (card 1), 12.3 us normalised; not
/// separated from reduce6 local 512 (card 0) [-1.2 %, +2.9 %]".
std::string fleet_best_sentence(const fleet_best& b);

} // namespace grp
