// `run --dry-run`: the plan before anything runs. For each selected device, the cases the
// sweep plans (by kernel: types, sizes, local sizes, configurations), which of them would be
// skipped and why (the checks that need no build), and a rough estimate of the wall time from
// the measurement settings. Devices are enumerated (their limits shape the plan); nothing is
// built, uploaded or timed, and no profile is written.
#pragma once

#include "grp/run/run_options.hpp"

#include <cstddef>
#include <ostream>

namespace grp::cli {

/// Prints the plan of every selected device and its wall-time estimate to `os`, for `runs`
/// processes. Throws usage_error for a plan over --max-cases, like the run itself.
void print_run_plan(std::ostream& os, const run::run_options& opt, std::size_t runs);

} // namespace grp::cli
