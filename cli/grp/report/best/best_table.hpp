// The "best configuration" table of a tuned profile (one whose cases carry tuning parameters):
// per (device, type, layout, n, op) the fastest verified kernel, local size and parameters,
// with how many configurations were compared and how many were wrong, failed or skipped.
// The console (run), the markdown summary and the HTML report draw the same rows.
#pragma once

#include "grp/model/tuning/best.hpp"
#include "grp/report/table.hpp"

#include <ostream>
#include <string>

namespace grp {

/// Whether any plain sweep case of `p` has tuning parameters.
bool has_tuned_cases(const profile& p);

/// "VEC=8 UNROLL=4 ACC=2" (by name); "-" without parameters.
std::string params_text(const case_key& k);

/// The rows as a text table (device names from `p`); empty when `p` has no tuned cases.
text_table best_config_table(const profile& p);

/// run's console: "best configuration" and the table, when the profile is tuned.
void print_best_configs(std::ostream& os, const profile& p, bool colour);

/// The markdown summary's "### Best configuration" for each tuned profile ("" for none);
/// with several profiles each heading names its profile (P1, P2, ...).
std::string markdown_best_configs(const std::vector<const profile*>& profiles);

} // namespace grp
