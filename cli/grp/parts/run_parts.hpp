// `run --runs K`: one run's rounds split over K separate processes, started one after the other
// and merged into one profile of K runs. On a GPU each process lands at its own level (the
// H100's 10-40 us kernels move by up to +-6 % from one process to the next, and no round
// inside one process sees it: bench/results/h100-round-noise.txt), so a profile of one process
// cannot tell `compare` how far a second run may move. With K processes it can: compare takes
// the run means as its unit (docs/statistics.md). Parts after the first skip the peak's shape
// search, the host baseline and the scenarios, so the sweep costs what one process costs, plus
// K - 1 starts; they start from the first part's peak (--part-peak) and retime its shapes after
// every round, and the merge keeps the best, so no process's faster minute leaves its cases
// above a peak measured in another.
#pragma once

#include "grp/parts/part_folder.hpp"
#include "commands/run/run_options.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/run/runner.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace grp::cli {

/// Part `index` (1-based) of `count`, as the parent passes it to a child (--part I/K).
struct run_part {
    std::size_t index = 0;
    std::size_t count = 0;
};

/// Parses --part "I/K" (1 <= I <= K <= 100). Throws usage_error.
run_part parse_part(const std::string& text);

/// Narrows `r` to one part: its share of the rounds (and of the extra rounds); parts after
/// the first skip the peak's search (they take `peaks`, parse_part_peaks), the host baseline,
/// the exact check on integer-valued data (every launch is still checked) and the scenarios.
void apply_part(const run_part& part, run::run_options& r,
                const std::vector<std::string>& peaks = {});

/// --part-peak "DEVICE|BYTES|READ_MEDIAN_NS|SHAPE" (one per device) as the parent writes it
/// (part_peak_arg). Throws usage_error for a malformed one.
std::map<int, peak_bandwidth> parse_part_peaks(const std::vector<std::string>& texts);

/// The --part-peak value of device `index`'s read peak.
std::string part_peak_arg(int index, const peak_bandwidth& p);

/// What the parent of --runs hands every process besides its part.
struct parts_plan {
    std::size_t count = 0;
    std::uint64_t order_seed = 0;    ///< one for all parts: their rounds continue one sequence
    std::vector<std::string> inputs; ///< input_digests(): each process checks its inputs
    const run::run_options* options = nullptr; ///< for the parent's own check of the inputs
};

/// Runs the parts as child processes of this executable with this process's arguments plus
/// --part, the invocation's --order-seed and the inputs' digests, one after the other, each
/// writing its profile into `folder`, and merges them into `p` (checkpointed after each). A
/// signal to this process is passed on to the running child, which saves its finished rounds;
/// then the parts finished so far are merged and `p` is marked incomplete. A child that fails
/// (its error is on stderr), is killed (exit_code::process_killed), or whose part cannot be read
/// stops the run: the finished parts are merged into `p` and an error saying what is kept (and
/// where a refused part stays) is thrown.
void run_parts(const parts_plan& plan, part_folder& folder, const run::progress_sink& progress,
               bool quiet, profile& p);

} // namespace grp::cli
