// `compare --history PATH... CAND.json...`: each candidate judged against the recent window of
// its own series in the profiles kept so far (model/history/against_history.hpp), printed and
// gated as any comparison (compare_output.hpp).
#pragma once

#include "commands/compare_output.hpp"
#include "grp/model/compare/options.hpp"

namespace grp::cli {

/// Reads the history (files and folders, as `history` does; a file that is not a profile is
/// skipped with a warning), orders it by the first-parent line of HEAD in the current folder
/// when every profile's commit is on it (else by time), then compares every positional profile.
/// Throws usage_error with --base or --pair, or when no candidate is given.
int run_history_compare(const compare_cli_options& cli, const compare_options& opt);

} // namespace grp::cli
