// A check profile's access metrics (case_result::check->access) as the rows the console,
// markdown and HTML show: per case, the coalescing proxy for both warp widths, local memory's
// bank conflicts, SIMD efficiency, instructions per barrier and the locality of global lines.
// What each column means is in docs/check.md ("Access metrics").
#pragma once

#include "grp/model/profile/profile.hpp"

#include <string>
#include <vector>

namespace grp {

/// The columns' headers, in the order of access_rows's cells.
const std::vector<std::string>& access_columns();

/// One row of text cells per case that has access metrics, in the profile's order; empty when
/// none has (an older profile, or check without its plugin).
std::vector<std::vector<std::string>> access_rows(const profile& p);

} // namespace grp
