// How a case is sampled. A case is measured in `rounds` rounds spread over the run: every round
// visits each case once (interleaved), and each visit is a short burst — `warmup` untimed
// launches, then at least `min_samples` timed ones, then on until the relative standard error
// of the round's median is under `max_noise` or the round's share of `max_time_s` is spent
// (like nvbench's adaptive stop, inside one round), never more than `max_samples`.
//
// Why rounds: launches of one burst are not independent samples of a kernel's speed. On the
// H100 a short kernel's time moves by ±5–10 % in states that last ~0.1–1 s and are redrawn as
// time passes; on a loaded CPU, bursts of load come and go. Rounds spread over time (at least
// `round_spacing_s` apart) with fresh buffers see that variation; compare tests against it
// (bench/results/h100-round-noise.txt, bench/round_noise.sh).
#pragma once

#include "grp/model/measure/launch_length.hpp"

#include <cstdint>

namespace grp::run {

/// The round spacing of a run split over several processes (run --gate): what the gate
/// benchmarks measured (bench/results/h100-gate-power-runs.txt, pocl-gate-power-runs.txt). A
/// run in one process is a quick look and spaces nothing unless told.
constexpr double gate_round_spacing_s = 0.2;

struct measure_options {
    std::uint64_t rounds = 10;
    std::uint64_t warmup = 2;        ///< untimed launches before each round's samples
    std::uint64_t min_samples = 5;   ///< per round
    std::uint64_t max_samples = 200; ///< per round
    double max_noise = 0.01;         ///< per-round relative standard error of the median
    double max_time_s = 1.0;         ///< sampling budget of one case, split over its rounds
    double round_spacing_s =
        gate_round_spacing_s; ///< least time between the starts of a case's rounds
    /// Launches at least this long get one warm-up launch and two samples per round
    /// (launch_length.hpp); 0: the configured warm-up and minimum always.
    double long_launch_s = default_long_launch_s;
    /// Rounds added for cases whose rounds another process disturbed (their threads waited for
    /// a CPU over disturbed_cpu_wait of the round), until each has `rounds` undisturbed ones.
    std::uint64_t extra_rounds = 10;
    /// Submit each round's launches from the next CPU this process may use (cpu_affinity.hpp).
    /// Off by default: on the H100 it made rounds vary more without making runs agree better
    /// (bench/results/h100-gate-power-rotation.txt).
    bool rotate_cpus = false;
    /// Rounds measured by earlier processes of --runs (the CPU rotation and the round orders go
    /// on from there).
    std::uint64_t first_round = 0;
    /// Seeds the order each round visits the cases in (round_order.hpp; run's --seed).
    std::uint64_t order_seed = 1;
};

/// A round whose threads waited for a CPU longer than this share of it was disturbed by
/// another process; compare sets such rounds aside by default (--max-cpu-wait).
inline constexpr double disturbed_cpu_wait = 0.1;

/// The time budget of one round of one case.
inline double round_budget_s(const measure_options& m) {
    return m.rounds == 0 ? m.max_time_s : m.max_time_s / static_cast<double>(m.rounds);
}

} // namespace grp::run
