// Section "Samples": per kernel family, type and n (one chart for all profiles), every case's
// kept samples as a box plot with each round's median on top, so outliers, bimodal timings and a
// drifting round show where a median alone hides them. Rounds whose threads waited for a CPU (set
// aside by compare) are drawn hollow.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// Per family, type, n and device model, once for all profiles: each case's kept samples as a
/// box plot with its round medians (rows "P2 reduce6 · 256" with several profiles);
/// `log_time` puts the time axis on a log10 scale.
std::string section_distributions(const std::vector<report_input>& inputs, bool log_time);

} // namespace grp::html
