// `gpu-reduce-prof run`: the command's work once its options are parsed (run_options.cpp
// declares the options and calls run_run).
#pragma once

#include "commands/run/run_options.hpp"

namespace grp::cli {

/// Runs the sweep (or its processes, --runs), writes the profile and prints the tables; the
/// exit code (0 ok, 1 wrong results, 7 nothing measured). Throws grp::error for failures.
int run_run(const run_cli_options& o);

} // namespace grp::cli
