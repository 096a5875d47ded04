// `compare --pair OLD=NEW DUET.json` and `compare DUET.json`: candidates judged against a base
// kernel timed in the same rounds of one profile. A duet from `run --duet` records its pairs and
// their A/A controls (settings.duet), so the file alone says what to judge; each control is
// judged first and gates its candidates (model/compare/control.hpp).
#pragma once

#include "commands/compare_output.hpp"

namespace grp::cli {

/// Whether compare's arguments ask for a duet: --pair, or one profile and no --base.
bool duet_requested(const compare_cli_options& cli);

/// Runs the duet comparison; returns compare's exit status (compare_output.hpp). Throws
/// usage_error for a second profile, --base or --normalize, a name the profile lacks, or one
/// profile without --pair that records no duet.
int run_pair_compare(const compare_cli_options& cli, const compare_options& opt);

} // namespace grp::cli
