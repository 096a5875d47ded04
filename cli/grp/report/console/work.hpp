// compare's work gate on the console, in markdown and as JSON: per case the verdict and each
// count on both sides with its change, then what counts cannot see.
#pragma once

#include "grp/model/compare/work_gate.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

namespace grp {

void print_work_comparison(std::ostream& os, const work_comparison& w, bool colour);
void print_work_markdown(std::ostream& os, const work_comparison& w);
nlohmann::ordered_json work_to_json(const work_comparison& w);

} // namespace grp
