// The markdown summary's "Best configuration" tables of tuned profiles (text/best_table.hpp's
// rows).
#pragma once

#include "grp/model/profile/profile.hpp"

#include <string>
#include <vector>

namespace grp {

/// The markdown summary's "### Best configuration" for each tuned profile ("" for none);
/// with several profiles each heading names its profile (P1, P2, ...).
std::string markdown_best_configs(const std::vector<const profile*>& profiles);

} // namespace grp
