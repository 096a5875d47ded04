// `run --once`: a profiler's hand-off, as nvbench's --profile. Each selected case's kernel runs
// exactly once (its first launch chain, verified against the host's sum) and nothing else of
// the sweep's: no warm-up, rounds, peak, launch floor, exact-check windows, precision or
// held-out launches. So ncu, rocprof, cliloader or the Intercept Layer see one launch chain per
// case. Nothing is timed, so no profile is written: a profile without timings would look like
// one that compare, merge and history could judge.
#pragma once

#include "commands/run/run_options.hpp"

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace grp::cli {

/// The options given on run's parsed command line `sub` that --once has no use for (rounds,
/// processes, duets, budgets, sampling, outputs, scenarios...), by their long names; empty when
/// --once was not given.
std::vector<std::string> once_refusals(const CLI::App& sub);

/// Runs every selected case once and prints one line per case on stdout (its status and key,
/// with the reason when it is not ok) and a summary on stderr. Throws usage_error when
/// `refused` (once_refusals) is not empty or --search halving is asked for. Returns 1 when a
/// case is wrong or failed, 7 when every case was skipped, else 0.
int run_once(const run_cli_options& o, const std::vector<std::string>& refused);

} // namespace grp::cli
