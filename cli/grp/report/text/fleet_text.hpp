// The fleet view in words, shared by compare's console output and the markdown summary: per
// device model of a sharded sweep's profile, the spread between its cards (from the anchors,
// model/fleet/card_levels.hpp), then every outlier card with its interval, or that none is
// outside the threshold.
#pragma once

#include "grp/model/fleet/card_levels.hpp"
#include "grp/model/profile/profile.hpp"

#include <string>
#include <vector>

namespace grp {

/// "NVIDIA H100 80GB HBM3: 4 cards, spread 6.3 % over 3 anchors (levels at 95 %)", then
/// "  card 3 (...): 6.2 % [4.9, 7.5] slower than the fleet's median card" per outlier, or "  no
/// card outside +-2.0 %"; one card: "1 card, no fleet to compare with". Empty without a fleet.
std::vector<std::string> fleet_lines(const profile& p);

/// A level as a signed percentage against the fleet, one decimal: 1.062 -> "+6.2 %".
std::string level_text(double level);

} // namespace grp
