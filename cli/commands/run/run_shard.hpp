// `run --shard K/N` and `--anchor` on the command line: the shard resolved (from the scheduler's
// environment for auto), the plan partitioned once before the run (run/shard_plan.hpp) and its
// filter set on the run's options; and what `--dry-run` says of the shard.
#pragma once

#include "commands/run/run_options.hpp"
#include "grp/run/shard_plan.hpp"

#include <optional>
#include <ostream>

namespace grp::cli {

/// With --shard: plans the shard and sets `opts.shard` to its filter; without, nothing (and
/// --anchor alone is a usage_error). Throws usage_error for a bad --shard or --anchor.
std::optional<run::shard_plan> apply_shard(const run_cli_options& o, run::run_options& opts);

/// --dry-run's lines for the shard: its share, the anchors, every shard's estimated load and
/// the plan's hash.
void print_shard_plan(std::ostream& os, const run::shard_plan& s);

} // namespace grp::cli
