// The markdown summary's "Fleet" section: for each profile merged from the shards of a sweep,
// the fleet view's lines (text/fleet_text.hpp) and a table of every card's level from the
// anchors with its interval.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <string>
#include <vector>

namespace grp {

/// "### Fleet: card levels from the anchors" with each sharded profile's cards; "" when no
/// profile has a fleet. With several profiles each part names its profile (P1, P2, ...).
std::string markdown_fleet(const std::vector<const profile*>& profiles);

} // namespace grp
