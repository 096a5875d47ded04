// How a profile's runs were replicated, and the warning `compare` gives when that differs from
// what the gate's error rates were measured with. The processes of one `run` invocation share
// its level; `compare` counts them as draws of the run-to-run spread, which holds with run's
// defaults (3 processes of 3-4 rounds: no identical pair failed in the sets of
// bench/results/h100-gate-power-*.txt and pocl-gate-power-*.txt) and failed when processes or
// rounds per process were raised (h100-gate-power-runs6.txt, pocl-gate-power-rounds30.txt).
// Pure: no I/O.
#pragma once

#include "grp/model/compare/options.hpp"
#include "grp/model/profile/profile.hpp"

#include <optional>
#include <string>

namespace grp {

/// Processes per invocation (the most any invocation of the profile ran) and rounds per
/// process: the mean over the cases' runs of the rounds compare uses, those whose threads
/// waited for a CPU at most `max_cpu_wait` of the round (all when it is 0). Rounds run to
/// replace set-aside ones (run's extra rounds) are not counted twice. Where the profile records
/// the rounds asked for (settings.rounds), at least those over the processes.
struct replication {
    std::size_t processes = 0;
    double rounds_per_process = 0;
};

replication replication_of(const profile& p, const aside_rule& aside);

/// The most processes per invocation and rounds per process the gate was calibrated with.
inline constexpr std::size_t calibrated_processes = 3;
inline constexpr double calibrated_rounds_per_process = 4;

/// One warning when the base's or the candidate's invocations ran 2 or more processes and
/// more of them, or more rounds each, than calibrated, naming each such side; empty otherwise
/// (one process, or no rounds: schema 1.x).
std::optional<std::string> replication_warning(const profile& base, const std::string& base_label,
                                               const profile& cand, const std::string& cand_label,
                                               const aside_rule& aside);

} // namespace grp
