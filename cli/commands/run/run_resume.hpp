// `run --resume` in the command: the check before any measuring (the device, the settings, what
// will be measured, said on stderr) and the union of the resumed profile with this run's, which
// the final save and every checkpoint write.
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/run/run_options.hpp"

namespace grp::cli {

/// Before any measuring, in the invocation's own process (not a part of --runs): refuses a
/// resumed profile of another device (usage_error), warns on other build options, data or
/// timing settings, and says what will be measured. Returns false when nothing is left to
/// measure (no sweep case and no scenario): the run then starts no measurement.
bool resume_preflight(const run::run_options& opts);

/// With --resume, `p` (this run's) becomes the union with the resumed profile
/// (resume_union); its warnings go to stderr when `warn`. Without, `p` is left as it is.
void with_resumed(profile& p, const run::run_options& opts, bool warn = true);

} // namespace grp::cli
