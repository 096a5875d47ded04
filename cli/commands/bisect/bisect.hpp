// `gpu-reduce-prof bisect`: the first bad commit of a kernel's history, found through noise with
// a stated error rate. The search (model/bisect/search.hpp) picks the commits; each step is a
// sequential duet of that commit's spec and .cl files against the good commit's, both taken
// with git into the state folder (the user's checkout is never touched), run as a child
// `run --duet` at the step's share of alpha; the state is written after every step (--resume).
// `--predicate` is one such duet of the current checkout, with git bisect run's exit codes.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace grp::cli {

struct bisect_cli_options {
    std::string good, bad, spec, repo = ".", state = "bisect-state", case_glob, budget;
    std::string local_sizes, sizes, types, device;
    std::vector<std::string> run_args; ///< --run-arg: passed to every duet's `run` verbatim
    double alpha = 0;                  ///< 0: 0.05 for a search, 0.01 for a predicate
    std::size_t max_skips = 3;
    bool resume = false, predicate = false, json = false, markdown = false, quiet = false;
};

/// The search, to its answer: 0 (culprit named, or the bad commit not slower), 8 undecided,
/// 128 + N when a signal stopped it (the state holds every finished step).
int run_bisect(const bisect_cli_options& o);

/// One duet of the working tree's spec against --good's: 0 good, 1 bad, 125 undecided (a
/// candidate that does not build too); 128 for anything that says nothing about the commit
/// (usage, OpenCL, a bad file), which makes git bisect run stop rather than mark it bad.
int run_bisect_predicate(const bisect_cli_options& o);

} // namespace grp::cli
