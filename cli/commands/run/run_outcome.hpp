// What a finished run found, said once it ends: its cases counted by outcome, the build logs of
// kernels that failed, the warnings for noisy and above-peak cases, and the exit status.
#pragma once

#include "commands/run/run_options.hpp"
#include "grp/model/profile/profile.hpp"

#include <cstddef>
#include <string>

namespace grp::cli {

/// A run's cases by outcome.
struct outcome_counts {
    /// failed: cases, and devices that failed under -d with several (the others ran on)
    std::size_t wrong = 0, failed = 0, noisy = 0, measured = 0, above_peak = 0, implausible = 0;
    /// of the noisy cases, those with rounds compare sets aside, too few left to judge
    std::size_t noisy_unjudged = 0;
};

outcome_counts count_outcomes(const profile& p);

/// A kernel that failed to build (--keep-going) shows the start of its log on stderr, not only
/// in the profile; a failed device its error; a case whose every timestamp was flagged its
/// flags.
void print_failures(const profile& p);

/// The warnings for cases that never met the noise target or ran above the measured peak.
void print_warnings(const outcome_counts& n, const run_cli_options& o);

/// The closing line of a finished run without one timed sample, naming why: every case
/// skipped (check the selection), or how many failed, were wrong or had every stamp flagged.
std::string nothing_measured_line(const profile& p);

/// The exit status: the signal's, nothing measured (7), wrong or failed (1), else 0.
int exit_status(const profile& p, const outcome_counts& n);

} // namespace grp::cli
