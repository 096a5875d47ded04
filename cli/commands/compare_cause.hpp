// compare's causes of slower cases (#68): the check profiles of the two timed sides, from
// `--work BASE.check.json CAND.check.json` or found beside the timed profiles by the naming
// convention of docs/compare.md (check_profile_beside: X.json's check profile is X.check.json; a
// duet D.json's candidate kernels D.check.json, its base revision's D.base.check.json), handed to
// explain_slower (model/compare/cause_match.hpp). A cause never changes a verdict or the exit
// status.
#pragma once

#include "commands/compare_output.hpp"
#include "grp/model/compare/cause_match.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp::cli {

/// The check profiles loaded for one comparison, and what they are to the output.
struct work_files {
    std::optional<profile> base, cand;
    cause_sources sources;
};

/// The check profiles for timed files `base` and `cand` (a duet: the same file): --work's two
/// (usage_error for one that is no check profile, file_error as load_profile for one that does
/// not load), else those found beside (one that does not load or is no check profile is a
/// warning on stderr and left out); nothing when neither side has one.
std::optional<work_files> find_work_files(const compare_cli_options& cli, const std::string& base,
                                          const std::string& cand, bool duet);

/// Usage errors of --work before anything is loaded: with --history, or several candidates.
void check_work_option(const compare_cli_options& cli, std::size_t candidates);

/// The causes of every slower case of `all` (controls left alone), timed from `bp` against `cp`,
/// when `files` holds a check profile; --work-threshold is the gate's threshold.
void explain_causes(std::vector<comparison>& all, const profile& bp, const profile& cp,
                    const std::optional<work_files>& files, const compare_cli_options& cli);

} // namespace grp::cli
