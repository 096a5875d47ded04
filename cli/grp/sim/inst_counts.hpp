// Oclgrind's instruction counts (OCLGRIND_INST_COUNTS: one table per kernel launch, written to
// standard output when the launch ends) parsed into sim_pass_counts, one per launch.
#pragma once

#include "grp/model/profile/check_record.hpp"

#include <string>
#include <vector>

namespace grp::sim {

/// The launches' tables in `text`, in launch order. Lines look like
/// "    3080 - load local (12320 bytes)" under "Instructions executed for kernel 'NAME':".
/// Throws file_error when a table line cannot be read (a simulator whose format we do not
/// know must not give made-up counts).
std::vector<sim_pass_counts> parse_inst_counts(const std::string& text);

} // namespace grp::sim
