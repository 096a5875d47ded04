// What a sequential duet or gate recorded about its looks, so that `compare` judges with the
// boundary the run used. A run that added processes until its cases were decided looked at its
// data after 3, 4, ... processes; judging the last look at a fixed 99 % would ignore the earlier
// chances to stop and let identical pairs fail more often than alpha (sequential.hpp). The
// record, in settings.sequential:
//   {"spending": "obrien-fleming", "alpha": 0.01, "max_processes": 12,
//    "looks": [3, 4, 5], "stopped": "decided" | "budget" | "interrupted"}
// The boundary is computed again from it (deterministic), and a statistic with df degrees of
// freedom at the last look is judged at the level look_t_critical gives. Pure: no I/O.
#pragma once

#include "grp/model/stats/sequential.hpp"

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// The most processes one `run` takes (--runs, --budget): what a plan may ask of one invocation.
inline constexpr std::size_t max_run_processes = 100;

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

/// settings.sequential of a profile; empty when absent. Throws file_error naming the field
/// when present but malformed (looks out of order, beyond max_processes, alpha out of (0, 1),
/// an unknown spending function).
std::optional<sequential_design> sequential_design_of(const nlohmann::ordered_json& settings);

} // namespace grp
