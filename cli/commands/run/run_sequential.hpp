// run --duet's sequential design: processes are added one at a time until the duet is decided.
// Three processes (the fixed design's count) make the first look; after it and after every
// later process the duet is judged as `compare DUET.json` would, at the look's level of an
// O'Brien-Fleming alpha-spending boundary (model/stats/sequential.hpp; information fraction =
// processes / the budget's most), and the run stops when no case of the candidates or of the
// two A/A controls is inconclusive, or when the budget (--budget: processes and/or seconds) is
// spent. Every process measures the rounds one of the first look's three would (--rounds / 3,
// rounded up), so a look is a fixed amount of new evidence. The profile records the looks and
// why the run stopped (settings.sequential, model/compare/sequential_design.hpp), and compare
// judges it at the level of its last look: stopping early never lets an identical pair fail
// more often than the fixed design's alpha.
#pragma once

#include "commands/run/run_options.hpp"
#include "grp/model/compare/sequential_design.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/run/run_options.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace grp::cli {

// The first look (sequential_first_look, 3: the fixed design's processes) is the record's
// rule too: model/compare/sequential_design.hpp, where every reader checks it.
/// The default budget's most processes: on the H100 a process of the 8-case duet costs about
/// 3 s, so 10 keep an undecided duet near 30 s; one that decides stops earlier.
inline constexpr std::size_t default_budget_processes = 10;
/// On CPU devices alone (PoCL): 30 processes or 170 s, whichever comes first. A loaded 2-core
/// VM's processes disagree more, and 10 of them (54 s) left 21 % of identical cases undecided;
/// 30 decided every one after 13-23 (bench/results/pocl-gate-budget-replay.txt), inside the
/// 180 s a CI step of #46 may take.
inline constexpr std::size_t default_cpu_budget_processes = 30;
inline constexpr double default_cpu_budget_seconds = 170;

/// What --budget allows.
struct run_budget {
    std::size_t max_processes = default_budget_processes;
    double max_seconds = 0; ///< 0: no time cap (the processes cap alone)
};

/// The budget when --budget is not given: the CPU one when every selected device is a CPU.
run_budget default_budget(bool cpu_devices_only);

/// --budget: "PROCESSES" (3 to 100), "SECONDS" with a unit ("90s", "3min"), or both separated
/// by a comma ("12,180s"). Throws usage_error naming the forms.
run_budget parse_budget(const std::string& text);

/// A sequential run's plan: whether this invocation adds processes until decided.
struct sequential_plan {
    bool on = false;
    run_budget budget;
    std::uint64_t rounds_per_process = 0;
    double alpha = 0.01; ///< the false-alarm rate the looks spend (--alpha)
    /// --one-sided: a case that reads not slower (duet_judge.hpp: reads_not_slower) is decided.
    bool one_sided = false;
};

/// Sequential for a duet whose --runs is auto (and no --resume); --budget elsewhere, or --alpha
/// without --duet, is a usage error. When on, `opts.measure.rounds` becomes the rounds of the
/// budget's most processes.
sequential_plan plan_sequential(const run_cli_options& o, run::run_options& opts);

/// --dry-run's line for a sequential duet (nothing when off): the processes it may take and
/// when it stops; the estimate above it is the budget's most.
void print_sequential_plan(std::ostream& os, const sequential_plan& plan);

/// The looks of one sequential run: asked after each process from the first look on, it judges
/// the duet so far, says on stderr what is still undecided, and decides whether to stop.
class sequential_looks {
public:
    sequential_looks(const sequential_plan& plan, bool quiet);
    /// After `processes` processes merged into `p`: true to stop (decided, or the budget
    /// would be passed by one more process). No look (false) when process `processes` merged
    /// no round (measured_processes): a look needs new evidence.
    bool look(const profile& p, std::size_t processes);
    /// settings.sequential into `p`: the looks taken (a process merged after the last look with
    /// rounds, as when a signal cut the run short, is a look of its own; one that measured
    /// nothing is not) and why the run stopped.
    void record(profile& p) const;
    /// The sweep points (point_text) the last look left undecided, each once in sweep order:
    /// the next process measures only them (its kernels all, the A/A controls with them), so a
    /// process after a look costs what its undecided points cost. Empty before the first look.
    [[nodiscard]] const std::vector<std::string>& undecided_points() const { return points_; }

private:
    /// What a look says after its numbers: stopping, or adding a process.
    [[nodiscard]] std::string look_text(std::size_t undecided, std::size_t processes,
                                        const std::string& stop) const;

    sequential_plan plan_;
    bool quiet_;
    std::chrono::steady_clock::time_point started_;
    sequential_design design_;
    std::vector<std::string> points_;
};

} // namespace grp::cli
