// The rough cost model behind `run --dry-run`'s estimate and `run --shard`'s balance: what a
// case's build, launches and rounds take on a device class, from nominal figures measured on
// this project's machines (docs/run.md, "Before a run: --dry-run"). An estimate, not a
// measurement: it ranks cases by cost and sizes a plan; nothing asserts on it.
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/model/plan/sweep_plan.hpp"

#include <cstdint>

namespace grp {

/// Rough costs by device class: a case's build and first launch per process (PoCL compiles
/// again at a first launch), the peak measurement, and a launch: a nominal read bandwidth
/// (bytes/s) plus a fixed overhead.
struct class_costs {
    double build_s, peak_s, bandwidth, overhead_s;
};

/// The costs of `device_type`'s class (device_class: cpu or gpu-like).
class_costs costs_of(const std::string& device_type);

/// How a round samples (run::measure_options without the run layer): untimed warm-up
/// launches, the fewest and most timed ones, the round's share of --max-time, the rounds.
struct round_shape {
    std::uint64_t warmup = 2, min_samples = 5, max_samples = 200, rounds = 10;
    double budget_s = 0.1;
};

/// One round of one case at most: warm-up, then samples until the round's share of --max-time
/// (or min_samples launches, if those take longer), never over max_samples; seconds.
double round_cost_s(const round_shape& m, double launch_s);

/// One launch of point `p` on `dev` at the nominal bandwidth, in seconds.
double launch_cost_s(const sweep_point& p, const device_info& dev);

/// The wall-time factor of a cold launch chain (its untimed flush write and read beside the
/// launch); 1 for a warm one.
double cold_factor(const sweep_point& p, const device_info& dev, double launch_s);

/// A timed case's whole cost in one process: its build and first launch, and every round.
double case_cost_s(const sweep_point& p, const device_info& dev, const round_shape& m);

} // namespace grp
