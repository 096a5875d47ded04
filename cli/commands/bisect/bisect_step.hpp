// One step of `bisect`: a commit's spec and the files beside it, taken from git into the state
// folder (never the user's checkout; git through core/process/git.hpp, so no hook, filter or
// configured program runs), then a child `run --duet` of it against the good commit's tree at
// the step's alpha, its profile judged as `compare` judges a duet (model/bisect/step.hpp).
#pragma once

#include "grp/model/bisect/step.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp::cli {

/// The folder `spec` (a path in the repository's tree) is in, as it was at `commit`, written
/// under `dest`; returns the spec's path there. Throws usage_error when the commit has no such
/// spec, file_error when the folder is too large or cannot be written.
std::string extract_spec_tree(const std::string& repo, const std::string& commit,
                              const std::string& spec, const std::string& dest);

/// What one duet is asked.
struct duet_request {
    std::string candidate_spec, base_spec; ///< extracted (or the working tree's) spec files
    std::string profile;                   ///< where the duet's profile goes
    double alpha = 0.01;                   ///< the duet's two-sided level
    std::vector<std::string> run_args;     ///< the rest of run's command line
    case_selection cases;
    /// The bad end's reading once it was taken: a midpoint's good side is then half its
    /// regression (good_cuts); empty for the bad end itself and for --predicate.
    std::optional<step_result> bad_end;
};

/// A duet's outcome: its reading, or why it has none.
struct duet_outcome {
    std::optional<step_result> result; ///< empty when a signal stopped the duet
    int exit_status = 0;               ///< run's exit status
    std::vector<std::string> slower;   ///< the candidate cases read slower
};

/// Runs `run --duet` as a child (its output on stderr) and judges its profile. A candidate that
/// fails to build (exit 4) is undecided with that reason; run's other errors are rethrown with
/// its exit code.
duet_outcome measure_duet(const duet_request& r);

/// The run arguments every duet of `o`-like options shares: -l, -n, -t, -d, --budget, --run-arg.
std::vector<std::string> duet_run_args(const std::string& local_sizes, const std::string& sizes,
                                       const std::string& types, const std::string& device,
                                       const std::string& budget,
                                       const std::vector<std::string>& extra);

} // namespace grp::cli
