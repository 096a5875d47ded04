// Section "Duet" (a profile of run --duet): the duet judged as `compare DUET.json` judges it,
// controls first (model/compare/duet_judge.hpp): each A/A control's table, then each
// candidate's, gated by the controls. A duet's page showed only settings.duet in the context.
#pragma once

#include "grp/model/compare/options.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// Per profile that records a duet: its verdict tables, controls first, with compare's summary
/// line each. `opt` gives the threshold and alpha; rounds are kept as a duet keeps them
/// (same_round_options). "" when no profile records a duet.
std::string section_duet(const std::vector<report_input>& inputs, const compare_options& opt);

} // namespace grp::html
