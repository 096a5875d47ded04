// What a run is asked to do and whom it tells: `run_options` (the devices, kernels, sweep,
// sampling and checks of one invocation, filled by the commands from their command lines) and
// `progress_sink` (the callbacks for progress and checkpoints). Apart from runner.hpp so that
// code which only fills or reads the options (the commands, the processes of --runs) does not
// see the runner's entry points.
#pragma once

#include "grp/core/machine/sensors/open.hpp"
#include "grp/model/host/host_data.hpp"
#include "grp/model/measure/cooldown.hpp"
#include "grp/model/measure/settle.hpp"
#include "grp/model/plan/device_select.hpp"
#include "grp/model/plan/search.hpp"
#include "grp/model/plan/shard_partition.hpp"
#include "grp/model/plan/size_knee.hpp"
#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/spec/duet.hpp"
#include "grp/model/spec/kernel_spec.hpp"
#include "grp/run/hang_watch.hpp"
#include "grp/run/launch/case_setup.hpp"
#include "grp/run/launch/first_launch_hook.hpp"
#include "grp/run/measure.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace grp::run {

struct run_options {
    std::vector<device_selector> devices;
    std::vector<kernel_spec> kernels;
    sweep_options sweep;
    search_options search; ///< how tuning spaces are walked (random is applied by the plan)
    /// --resume: a profile whose cases held in full are not measured again (matched by key on
    /// the same device); the caller writes the union (resume_union).
    std::shared_ptr<const profile> resume;
    std::string resume_path; ///< where `resume` was read from
    /// The invocation's rounds per case (before a part of --runs takes its share): a resumed
    /// case with fewer is measured again (resume_action_for). 0: measure.rounds.
    std::uint64_t resume_rounds = 0;
    /// --after-hang: the profile this invocation's earlier process wrote when a launch hung
    /// (its finished cases and the hung ones); this process skips those and adds them to its
    /// own (model/measure/launch_timeout.hpp). Null otherwise.
    std::shared_ptr<const profile> after_hang;
    std::string after_hang_path; ///< where `after_hang` was read from
    /// --skip-hung: earlier parts of --runs whose hung cases this part skips (its parent merges
    /// them failed from those parts) instead of waiting --launch-timeout for each again.
    std::vector<std::shared_ptr<const profile>> hung_elsewhere;
    /// --launch-timeout: the most seconds a device wait may take before its launch is hung;
    /// 0: default_launch_timeout_s of the plan's longest launch.
    double launch_timeout_s = 0;
    /// What a hung launch does (the command saves and goes on in a fresh process); empty: the
    /// waits have no deadline (check).
    on_hang_fn on_hang;
    measure_options measure;
    data_choice data;
    wg_limit_policy wg_limit = wg_limit_policy::device;
    bool keep_going = false; ///< a kernel that fails to build is recorded as failed, not fatal
    bool gate = false;       ///< run --gate: measured for a timing gate (settings record it)
    /// The most cases one device's plan may hold (run --max-cases): a larger plan is refused
    /// with a usage_error before it is built (sweep_plan.hpp: count_sweep).
    std::uint64_t max_cases = 20000;
    bool measure_peak = true;
    std::uint64_t peak_bytes = 0; ///< 0: the largest input of the sweep
    /// Without measure_peak: a device's read peak from an earlier part of the run (by device
    /// index); its shapes are retimed after every round like a measured one.
    std::map<int, peak_bandwidth> known_peaks;
    std::string cl_options;             ///< appended to every kernel's build options
    std::vector<std::string> scenarios; ///< run after the sweep, in this order
    std::uint64_t barrier_runs = 200;   ///< launches per kernel in the barrier scenario
    /// Timed repeats of the host baseline per flat input of the sweep; 0: no host baseline.
    std::uint64_t host_repeats = 3;
    /// false in the processes of --runs after the first: the first process checked every case
    /// exactly on integer-valued data (same build, device and data); every launch is still
    /// checked against the reference here.
    bool exact_check = true;
    /// run --duet: the base revision's kernels (among `kernels`, renamed) and their A/A
    /// controls beside the candidates (spec/duet.hpp); every kernel of a sweep point then
    /// alternates its launches with the others' in a round.
    std::vector<duet_triple> duet;
    std::string duet_base; ///< the base spec as given
    /// `check`: every case's first launch chain runs through this hook (owned by the caller),
    /// which records what it observed around it; the inputs are copied through the host.
    first_launch_hook* check = nullptr;
    /// check --estimate-for: the compute units of the GPU the grids are planned for (the
    /// session's plan_as); empty plans for the device itself.
    std::optional<std::uint32_t> plan_compute_units;
    /// Build, upload and verify only (`check`, on a simulator whose times mean nothing): no timer
    /// probe, launch floor, measured default size or timed rounds.
    bool time_nothing = false;
    /// run --once: each case's first launch chain, verified, and nothing more (no exact-check
    /// windows, precision or held-out launches, no launch floor, no measured default size, no
    /// rounds), so a profiler (ncu, rocprof, cliloader) sees each kernel exactly once.
    bool once = false;
    /// Which sensors are read around every round (run --sensors; the environment's overrides).
    sensor_settings sensors;
    /// The first round's wait for steady clocks (run --settle).
    settle_options settle;
    /// The wait before each round while the GPU is near its slowdown temperature (run
    /// --cool-down, --cool-down-max).
    cooldown_options cooldown;
    /// run --shard K/N: the case keys this shard keeps of each selected device's plan
    /// (shard_plan.hpp); null without --shard.
    std::shared_ptr<const shard_filter> shard;
    /// A sequential duet's process after a look (run --part-points): the sweep points it
    /// measures (point_text), those the look left undecided; empty: every point.
    std::set<std::string> only_points;
};

/// Callbacks for progress; any may be empty.
struct progress_sink {
    std::function<void(const device_info&, std::size_t cases)> device_started;
    std::function<void(const device_info&, const peak_bandwidth&)> peak_measured;
    /// A CPU's default size was chosen from its measured knee (`cached`: an earlier run's).
    std::function<void(const device_info&, const size_choice&, bool cached)> size_chosen;
    /// The device's timer was judged (at the start, and again from the rounds at the end).
    std::function<void(const device_info&, const timer_verdict&)> timer_judged;
    /// The driver stops a work-item's loops after this many iterations (the probe found it).
    std::function<void(const device_info&, std::uint64_t iterations)> loop_limited;
    /// A device of several failed (its error); the run goes on with the next one.
    std::function<void(const device_info&, const std::string& error)> device_failed;
    /// A phase of a group began: "building", "verifying", "round 3/10".
    std::function<void(const std::string& phase, std::size_t done, std::size_t total)> phase;
    std::function<void(std::size_t index, std::size_t total, const case_key&)> case_started;
    std::function<void(std::size_t index, std::size_t total, const case_result&)> case_finished;
    /// The profile holds more finished work: a chance to keep a copy (run's checkpoint).
    std::function<void(const profile&)> checkpoint;
};

} // namespace grp::run
