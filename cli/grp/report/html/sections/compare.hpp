// Section "Comparison" (two or more profiles): each profile against the first with compare's
// verdicts (grp/model/compare/compare.hpp: an interval on the change in log time with the
// rounds and runs as units, docs/statistics.md), and side-by-side GB/s bars per case.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// compare's verdict counts as coloured chips ("3 same", "1 slower").
std::string verdict_chips(const comparison& r);

/// One case of a comparison as a table row: verdict badge, both medians, change, interval,
/// the note.
row verdict_row(const case_comparison& cc);

/// With two or more profiles: verdicts of each profile against the first (compare's model) and
/// side-by-side bars per case. "" for one profile.
std::string section_compare(const std::vector<report_input>& inputs, const compare_options& opt);

} // namespace grp::html
