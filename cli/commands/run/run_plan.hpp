// `run --dry-run`: the plan before anything runs. For each selected device, the cases the
// sweep plans (by kernel: types, sizes, local sizes, configurations), which of them would be
// skipped and why (the checks that need no build), and a rough estimate of the wall time from
// the measurement settings. Devices are enumerated (their limits shape the plan); nothing is
// built, uploaded or timed, and no profile is written (print_dry_run adds a shard's share and
// a sequential duet's looks).
#pragma once

#include "commands/run/run_sequential.hpp"
#include "grp/run/run_options.hpp"
#include "grp/run/shard_plan.hpp"

#include <cstddef>
#include <optional>
#include <ostream>

namespace grp::cli {

/// Prints the plan of every selected device and its wall-time estimate to `os`, for `runs`
/// processes. Throws usage_error for a plan over --max-cases, like the run itself.
void print_run_plan(std::ostream& os, const run::run_options& opt, std::size_t runs);

/// What a run prints as it starts, unless `quiet`: the wall time --dry-run would estimate for
/// `runs` processes on each selected device. Throws like print_run_plan.
void print_start_estimate(std::ostream& os, const run::run_options& opt, std::size_t runs,
                          bool quiet);

/// --dry-run: the plan, the shard's share and a sequential duet's looks on stdout; nothing
/// runs. Returns the exit status (0).
int print_dry_run(const run::run_options& opts, std::size_t runs, const sequential_plan& seq,
                  const std::optional<run::shard_plan>& shard);

} // namespace grp::cli
