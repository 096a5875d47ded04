// The "best configuration" table of a tuned profile (one whose cases carry tuning parameters):
// per (device, type, layout, n, op) the fastest verified kernel, local size and parameters,
// with how many configurations were compared and how many were wrong, failed or skipped.
// The console (run), the markdown summary and the HTML report draw the same rows.
#pragma once

#include "grp/model/profile/best.hpp"
#include "grp/report/text/table.hpp"

#include <ostream>
#include <string>

namespace grp {

/// Whether any plain sweep case of `p` has tuning parameters.
bool has_tuned_cases(const profile& p);

/// "VEC=8 UNROLL=4 ACC=2" (by name); "-" without parameters.
std::string params_cell(const case_key& k);

/// The rows as a text table (device names from `p`); empty when `p` has no tuned cases, or is a
/// duet's (recorded_pairs): its kernels are told apart by compare, launch beside launch with its
/// A/A controls, and a best over rounds alone crowned `base:` or `control:` instances (#50, #71).
text_table best_config_table(const profile& p);

/// Per (device, type, layout, n, op) of any sweep with several configurations (kernels, local
/// sizes, parameters), how far its best is separated from the rest (text/tie_sentence.hpp):
/// "float, n=2^22: local 256 is not separated from local 128 (only 3 rounds ...)";
/// a point with one configuration says nothing, and a duet's profile none (best_config_table).
std::vector<std::string> best_tie_lines(const profile& p);

} // namespace grp
