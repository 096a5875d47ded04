// The markdown summary's duet: a profile of run --duet judged as `compare DUET.json` judges it
// (model/compare/duet_judge.hpp), controls first, in compare's own markdown.
#pragma once

#include "grp/model/compare/options.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp {

/// Per profile that records a duet: "### Duet: VERDICT" and compare's markdown of it (its
/// controls, candidates, tables). `opt` gives the threshold and alpha; rounds are kept as a duet
/// keeps them (same_round_options). "" when no profile records a duet.
std::string markdown_duet(const std::vector<html::report_input>& inputs,
                          const compare_options& opt);

} // namespace grp
