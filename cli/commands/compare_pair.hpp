// `compare --pair OLD=NEW DUET.json` and `compare DUET.json`: candidates judged against a base
// kernel timed in the same rounds of one profile. A duet from `run --duet` records its pairs and
// their A/A controls (settings.duet), so the file alone says what to judge; each control is
// judged first and gates its candidates (model/compare/control.hpp). `compare D1.json D2.json
// ...` with duet profiles only pools them into one experiment (model/compare/duet_pool.hpp).
#pragma once

#include "commands/compare_output.hpp"
#include "grp/model/profile/profile.hpp"

namespace grp::cli {

/// Whether compare's arguments ask for a duet: --pair, or one profile and no --base.
bool duet_requested(const compare_cli_options& cli);

/// Runs the duet comparison; returns compare's exit status (compare_output.hpp). Throws
/// usage_error for a second profile, --base or --normalize, a name the profile lacks, or one
/// profile without --pair that records no duet.
int run_pair_compare(const compare_cli_options& cli, const compare_options& opt);

/// Several duet profiles (`first` is cli.files' first, loaded): pooled with the invocation as a
/// level and judged as one duet. Throws usage_error with --pair or --normalize, and where
/// pool_duets refuses (other kernels, device, duet or measured settings).
int run_pooled_compare(const compare_cli_options& cli, const compare_options& opt, profile first);

} // namespace grp::cli
