#include "grp/model/compare/replication.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/side.hpp"

#include <algorithm>
#include <map>

namespace grp {

replication replication_of(const profile& p, const aside_rule& aside) {
    replication r;
    std::map<std::string, std::size_t> processes_of_source;
    for (const auto& run : p.runs) {
        r.processes = std::max(r.processes, ++processes_of_source[run.source]);
    }
    std::size_t rounds = 0, case_runs = 0;
    for (const auto& c : p.cases) {
        std::map<run_index, std::size_t> per_run;
        for (const auto& round : c.rounds) {
            per_run[round.run] += set_aside(round, aside) ? 0 : 1;
        }
        for (const auto& [run, n] : per_run) {
            rounds += n;
            case_runs += n > 0 ? 1 : 0;
        }
    }
    if (case_runs > 0) {
        r.rounds_per_process = static_cast<double>(rounds) / static_cast<double>(case_runs);
    }
    // What run was asked for, when recorded: under load fewer rounds survive than planned.
    const auto planned = p.settings.find("rounds");
    if (planned != p.settings.end() && planned->is_number() && r.processes > 0) {
        r.rounds_per_process = std::max(r.rounds_per_process,
                                        planned->get<double>() / static_cast<double>(r.processes));
    }
    return r;
}

namespace {

/// "LABEL ran 6 processes per invocation of 2.0 rounds each", or empty within calibration.
std::optional<std::string> beyond_calibration(const profile& p, const std::string& label,
                                              const aside_rule& aside) {
    const replication r = replication_of(p, aside);
    if (r.processes < 2 || (r.processes <= calibrated_processes &&
                            r.rounds_per_process <= calibrated_rounds_per_process)) {
        return std::nullopt;
    }
    return label + " ran " + std::to_string(r.processes) + " processes per invocation of " +
           format_fixed(r.rounds_per_process, 1) + " rounds each";
}

} // namespace

std::optional<std::string> replication_warning(const profile& base, const std::string& base_label,
                                               const profile& cand, const std::string& cand_label,
                                               const aside_rule& aside) {
    const auto b = beyond_calibration(base, base_label, aside);
    const auto c = beyond_calibration(cand, cand_label, aside);
    if (!b && !c) {
        return std::nullopt;
    }
    return (b && c ? *b + ", " + *c
            : b    ? *b
                   : *c) +
           ": the gate's error rates hold for run --gate (3 processes of 3-4 rounds). The "
           "processes of one invocation share its level, so more of them, or more rounds each, "
           "narrow the intervals without measuring how far invocations differ: with --runs 6 up "
           "to 6 % of identical pairs failed, with --rounds 30 up to 16 % "
           "(bench/results/h100-gate-power-runs6.txt, pocl-gate-power-rounds30.txt). Gate with "
           "run --gate as it is and merge more invocations into the baseline instead";
}

} // namespace grp
