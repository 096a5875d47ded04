// What a sequential duet or gate recorded about its looks, so that `compare` judges with the
// boundary the run used. A run that added processes until its cases were decided looked at its
// data after 3, 4, ... processes; judging the last look at a fixed 99 % would ignore the earlier
// chances to stop and let identical pairs fail more often than alpha (sequential.hpp). The
// record, in settings.sequential:
//   {"spending": "obrien-fleming", "alpha": 0.01, "max_processes": 12,
//    "looks": [3, 4, 5], "stopped": "decided" | "budget" | "interrupted"}
// The boundary is computed again from it (deterministic), and a statistic with df degrees of
// freedom at the last look is judged at the level look_t_critical gives. The record changes
// verdicts, so every reader (validate, compare, report, merge, --resume) checks it against what
// the profile holds through one check (checked_sequential_design): a look counts only
// processes that measured, alpha stays within compare's --alpha range, and the budget is the
// one the run's argv gave. Pure: no I/O.
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/model/stats/sequential.hpp"

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// The most processes one `run` takes (--runs, --budget): what a plan may ask of one invocation.
inline constexpr std::size_t max_run_processes = 100;
/// A sequential duet's first look: after the fixed design's 3 processes (also the least budget).
inline constexpr std::size_t sequential_first_look = 3;

struct sequential_design {
    alpha_spending spending = alpha_spending::obrien_fleming;
    double alpha = 0.01;
    std::size_t max_processes = 0;   ///< the budget's most processes (information fraction 1)
    std::vector<std::size_t> looks;  ///< processes at each look, increasing, <= max_processes
    std::string stopped = "decided"; ///< why the run stopped looking

    /// The boundary at the recorded looks (fractions looks / max_processes).
    [[nodiscard]] std::vector<sequential_look> boundary() const;
    /// The two-sided level at which a statistic with `df` degrees of freedom is judged at the
    /// last look: the tail of look_t_critical (the look's increment below 30 df).
    [[nodiscard]] double level_at_last_look(double df) const;
    /// The budget spent up to the last look (alpha(t_K)): the most false-alarm rate used.
    [[nodiscard]] double spent() const;
};

nlohmann::ordered_json to_json(const sequential_design& d);

/// Why a sequential run stops after a look at `processes` processes, or "" to add one more:
/// "decided" when no case is undecided; "budget" at `max_processes`, or when one more process,
/// at the mean time per process so far, would end past `max_seconds` (0: no time cap).
std::string stop_reason(std::size_t undecided, std::size_t processes, std::size_t max_processes,
                        double elapsed_s, double max_seconds);

/// settings.sequential of a profile's settings; empty when absent. Throws file_error naming the
/// field ("/settings/sequential/looks: ...") when present but malformed: a field missing or of
/// another type, an unknown spending function or reason to stop, alpha outside (0, 0.5)
/// (compare's --alpha range), max_processes outside 3..100 (--budget's), no looks, looks not
/// strictly increasing, a first look before process 3, a look beyond max_processes.
std::optional<sequential_design> sequential_design_of(const nlohmann::ordered_json& settings);

/// The processes of `p` up to the last one that measured: 1 + the highest run index a round
/// with samples names (0 when none). A process merged without a round (cut short as it
/// started) is not counted; a look can only be taken at processes that measured.
std::size_t measured_processes(const profile& p);

/// settings.sequential of `p`, checked as above and against what `p` holds: the last look at
/// most measured_processes(p) (a look at a process that measured nothing would judge the
/// earlier data at a later look's level), and max_processes the budget p.tool.argv gave
/// (--budget N or N,SECONDS), when it gave one. The one check of validate and of every
/// reader (consistency_problems). Throws file_error naming the field.
std::optional<sequential_design> checked_sequential_design(const profile& p);

} // namespace grp
