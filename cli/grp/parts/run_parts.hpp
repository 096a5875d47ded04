// `run --runs K`: one run's rounds split over K separate processes, started one after the other
// and merged into one profile of K runs. On a GPU each process lands at its own level (the
// H100's 10-40 us kernels move by up to +-6 % from one process to the next, and no round
// inside one process sees it: bench/results/h100-round-noise.txt), so a profile of one process
// cannot tell `compare` how far a second run may move. With K processes it can: compare takes
// the run means as its unit (docs/statistics.md). Parts after the first skip the peak's shape
// search, the host baseline and the scenarios (partition.hpp), so the sweep costs what one
// process costs, plus K - 1 starts; they start from the first part's peak (--part-peak) and
// retime its shapes after every round, and the merge keeps the best, so no process's faster
// minute leaves its cases above a peak measured in another. This module knows nothing of the
// command line it serves: the caller hands it the invocation's arguments and how to word a
// finished process.
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/parts/part_folder.hpp"
#include "grp/run/run_options.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace grp::parts {

/// What the parent of --runs hands every process besides its part.
struct parts_plan {
    std::size_t count = 0;
    std::uint64_t order_seed = 0;    ///< one for all parts: their rounds continue one sequence
    std::vector<std::string> inputs; ///< input_digests(): each process checks its inputs
    const run::run_options* options = nullptr; ///< for the parent's own check of the inputs
    /// The invocation's arguments (argv[0] first): each child gets them plus its part, and the
    /// merged profile records them as its tool.argv.
    std::vector<std::string> argv;
    /// A sequential run (run --duet's default): after process `first_look` and each one after
    /// it, `look` is asked whether to stop (it judges the profile so far, the processes so far
    /// given); `count` is then the budget's most processes. 0: all `count` processes run.
    std::size_t first_look = 0;
    std::function<bool(const profile&, std::size_t)> look;
    /// The rounds of all `count` processes, passed to each (--part-rounds) where the
    /// invocation's --rounds is not what is shared (a sequential run: each process measures
    /// what one of the first look's processes would). 0: the invocation's --rounds.
    std::uint64_t part_rounds_total = 0;
    /// After a look: the sweep points the next process measures (those left undecided; run
    /// --part-points); empty, or no function: every point.
    std::function<std::vector<std::string>()> points;
};

/// How the parent speaks on stderr while the parts run.
struct parts_voice {
    bool quiet = false; ///< no "run 2 of 3" lines, no process times
    /// The line after a finished process, e.g. "process 2 of 3 took 1.9 s: ..." for its run
    /// record, its index (1-based) and the count; none when empty.
    std::function<std::string(const run_record&, std::size_t, std::size_t)> process_time;
};

/// Runs the parts as child processes of this executable with plan.argv plus --part, the
/// invocation's --order-seed and the inputs' digests, one after the other, each writing its
/// profile into `folder`, and merges them into `p` (checkpointed after each). A signal to this
/// process is passed on to the running child, which saves its finished rounds; then the parts
/// finished so far are merged and `p` is marked incomplete. A child that fails (its error is on
/// stderr), is killed (exit_code::process_killed), or whose part cannot be read stops the run:
/// the finished parts are merged into `p` and an error saying what is kept (and where a refused
/// part stays) is thrown. A sequential plan that stops at a look leaves `p` complete, merged as
/// a run of that many processes. Returns the processes whose parts were started.
std::size_t run_parts(const parts_plan& plan, part_folder& folder,
                      const run::progress_sink& progress, const parts_voice& voice, profile& p);

} // namespace grp::parts
