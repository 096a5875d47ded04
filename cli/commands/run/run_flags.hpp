// run's option tables, one function per stretch of related options, called by add_run in the
// order CLI11 keeps them: `--help` groups them by help_groups.cpp, but the man page and the
// shell completions list options in the order they were added, so the stretches follow that
// order rather than the help groups (an Advanced option sits with its neighbours).
#pragma once

#include "commands/run/run_options.hpp"

#include <CLI/CLI.hpp>

namespace grp::cli {

/// -k, --duet, -l, -n, -t, --layout, --op, --data, --scenario, --barrier-runs.
void add_selection_options(CLI::App* sub, run_cli_options& o);
/// --order, --cache, --search, -a, --max-cases, --resume, --seed, --order-seed, --wg-limit.
void add_walk_options(CLI::App* sub, run_cli_options& o);
/// --rounds, --runs, --gate, --rotate-cpus, --sensors, --launch-timeout, --settle, the internal
/// --part options (and --after-hang, --skip-hung), --extra-rounds, --round-spacing.
void add_process_options(CLI::App* sub, run_cli_options& o);
/// --warmup, --min-samples, --max-samples, --samples, --max-noise, --max-time, --host-repeats.
void add_sampling_options(CLI::App* sub, run_cli_options& o);
/// --clocks, --power-limit, --cool-down, --cool-down-max (control_flags.cpp).
void add_control_options(CLI::App* sub, run_cli_options& o);
/// -o, --csv, --force, --keep-going, --no-peak, --peak-bytes, --cl-options, --table, --cells,
/// --describe, --color, --list, --dry-run, --once, -q.
void add_output_options(CLI::App* sub, run_cli_options& o);

} // namespace grp::cli
