// `run --runs K`: one run's rounds split over K separate processes, started one after the other
// and merged into one profile of K runs. On a GPU each process lands at its own level (the
// H100's 10-40 us kernels move by up to +-6 % from one process to the next, and no round
// inside one process sees it: bench/results/h100-round-noise.txt), so a profile of one process
// cannot tell `compare` how far a second run may move. With K processes it can: compare takes
// the run means as its unit (docs/statistics.md). Parts after the first skip the peak, the host
// baseline and the scenarios, so the sweep costs what one process costs, plus K - 1 starts.
#pragma once

#include "commands/run_options.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/run/runner.hpp"

#include <cstddef>
#include <optional>
#include <string>

namespace grp::cli {

/// Part `index` (1-based) of `count`, as the parent passes it to a child (--part I/K).
struct run_part {
    std::size_t index = 0;
    std::size_t count = 0;
};

/// Parses --part "I/K" (1 <= I <= K <= 100). Throws usage_error.
run_part parse_part(const std::string& text);

/// The number of processes: --runs N, or 3 for 'auto' on every device (GPUs: a process lands
/// at its own level, bench/results/h100-round-noise.txt; PoCL too, though its rounds once
/// seemed to cover it: 31 of 90 identical single-process pairs failed on a quiet machine,
/// 2 of 90 with 3 processes, bench/results/pocl-gate-power-runs.txt); 1 for a scenario-only
/// run and for --search halving (usage_error with another explicit count). Never more than
/// the rounds. Throws usage_error for a bad value.
std::size_t planned_runs(const run_cli_options& o, const run::run_options& r);

/// Narrows `r` to one part: its share of the rounds (and of the extra rounds); parts after
/// the first skip the peak, the host baseline and the scenarios.
void apply_part(const run_part& part, run::run_options& r);

/// Runs the parts as child processes of this executable with this process's arguments plus
/// --part, one after the other, and merges the profiles they write into `p`. A signal to this
/// process is passed on to the running child, which saves its finished rounds; then the parts
/// finished so far are merged and `p` is marked incomplete. A child that fails (its error is
/// already on stderr) stops the run: the finished parts are merged into `p` and an error with
/// the child's exit code is thrown.
void run_parts(std::size_t count, const run::progress_sink& progress, bool quiet, profile& p);

} // namespace grp::cli
