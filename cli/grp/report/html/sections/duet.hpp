// Section "Duet" (a profile of run --duet): the duet judged as `compare DUET.json` judges it,
// controls first (model/compare/duet_judge.hpp): each A/A control's table, then each
// candidate's, gated by the controls. A duet's page showed only settings.duet in the context.
#pragma once

#include "grp/model/compare/options.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// The verdict of the duets the profiles record, as compare's exit status orders them: "FAIL",
/// "BIASED", "UNDECIDED" (timing judged nothing) or "PASS"; "" when no profile records a duet.
/// The page puts it in its title and opens with the duet (#71).
std::string duet_verdict(const std::vector<report_input>& inputs, const compare_options& opt);

/// Per profile that records a duet: the verdict word, each candidate's summary line, then its
/// verdict tables, controls first, with compare's summary
/// line each. `opt` gives the threshold and alpha; rounds are kept as a duet keeps them
/// (same_round_options). "" when no profile records a duet.
std::string section_duet(const std::vector<report_input>& inputs, const compare_options& opt);

} // namespace grp::html
