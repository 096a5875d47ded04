// The planner's words: one line under an undecided duet case saying what would decide it
// (model/stats/nested_variance.hpp computes it), and the command to copy. Shared by the
// console and markdown printers; the JSON carries the plan's numbers instead.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace grp {

/// "resolves +-3.4 % now, needs +-1.2 % ...; processes dominate (82 % of the variance): 14
/// processes decide at 90 % power ..." for a case with a plan; "" without one. `threshold` is
/// compare's (relative, 0.05 = 5 %).
std::string plan_line(const case_comparison& cc, double threshold);

/// "to decide: gpu-reduce-prof run ... --runs 14 (...)" for an undecided duet: the command
/// that measured it with the most processes any undecided case's plan asks for; "" when the
/// comparison is no duet, decided, or no plan names a process count.
std::string decide_command(const comparison& c);

/// The invocation `argv` (a profile's tool.argv) with its process count set to `processes`
/// (--runs N replaced or added; for a sequential duet, --duet without --runs, --budget N, which
/// may stop earlier), quoted for a POSIX shell where a word needs it.
std::string rerun_command(const std::vector<std::string>& argv, std::size_t processes);

} // namespace grp
