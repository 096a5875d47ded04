// `run`'s command line: the options as typed, their CLI11 wiring and help, and their
// translation into run::run_options (with every count and range checked).
#pragma once

#include "grp/core/process/git.hpp"
#include "grp/run/run_options.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace grp::cli {

struct run_cli_options {
    std::vector<std::string> kernels, sizes, types, layouts, devices, scenarios, ops;
    std::vector<std::string> params; ///< -a NAME=V,...: tuning values instead of the spec's
    std::string local_sizes = "default";
    std::string order = "sequential";
    std::string cache = "auto";        ///< auto | cold | warm | both (cache_mode.hpp)
    std::string search = "exhaustive"; ///< exhaustive | random:N | halving[:ETA]
    std::string resume;                ///< a profile whose cases are not measured again
    std::string shard;                 ///< --shard K/N | auto | auto/N (model/plan/shard.hpp)
    std::vector<std::string> anchors;  ///< --anchor KEY: the cases every shard times
    std::string duet;   ///< the base revision's spec, timed beside -k's kernels (spec/duet.hpp)
    std::string output; ///< the profile; "-" is stdout (the tables then go to stderr)
    std::string csv;    ///< one row per case; "" none, "-" stdout
    std::string color = "auto";
    std::string cl_options;
    std::string data = "random";
    std::string wg_limit = "device";
    std::string table = "matrix";      ///< matrix | list: how the results are printed
    std::string cells = "time";        ///< time | gbps | both: what a matrix cell shows
    std::string runs = "auto";         ///< processes the rounds are split over (run_parts.hpp)
    std::string order_seed = "random"; ///< a number, or random: drawn once per invocation
    std::string sensors = "on";        ///< on | off: read clocks, power, energy per round
    double settle_s = 2.0;             ///< the first round's longest wait for steady clocks
    std::string clocks;      ///< --clocks base|max|MHz[,mem=MHz]: locked for the run (run_control)
    std::string power_limit; ///< --power-limit W: set for the run
    double cooldown_margin_c = 10; ///< --cool-down: wait while within this of the slowdown temp
    double cooldown_max_s = 60;    ///< --cool-down-max: the longest wait before one round; 0: none
    std::string commit;     ///< --commit: the measured code's sha, instead of git's HEAD here
    std::string budget;     ///< a sequential duet's most processes and/or seconds (run_sequential)
    double duet_alpha = 0;  ///< --alpha: a sequential duet's false-alarm rate; 0: compare's 0.01
    bool one_sided = false; ///< --one-sided: a sequential duet stops on slower or not slower
    std::string print_spec; ///< --print-spec FILE.cl: its starter spec on stdout, nothing runs
    std::string part, part_output; ///< set by the parent of --runs in each child
    std::string after_hang; ///< set by a process whose launch hung, for its fresh self (run_hang)
    std::vector<std::string> skip_hung; ///< set by the parent of --runs: parts with hung cases
    double launch_timeout_s = 0;        ///< --launch-timeout; 0: from the plan (launch_timeout.hpp)
    std::string devices_parallel = "auto"; ///< auto | on | off: -d all's devices at once
    int device_child = -1;         ///< set by the parent of parallel devices: this process's device
    std::uint64_t part_rounds = 0; ///< the rounds the parent shares out (sequential)
    std::vector<std::string> part_peaks;  ///< the first part's read peaks, for the later parts
    std::vector<std::string> part_inputs; ///< the parent's input_digests (input_digests.hpp)
    std::vector<std::string> part_points; ///< a sequential parent's undecided points (point_text)
    std::uint64_t peak_bytes = 0;
    std::uint64_t seed = 1;
    std::uint64_t samples = 0;
    bool sampling_given = false; ///< --warmup, --min-samples or --samples given: no launch rule
    bool spacing_given = false;  ///< --round-spacing given: not resolved from the processes
    std::uint64_t barrier_runs = 200;
    std::uint64_t host_repeats = 3;
    std::uint64_t max_cases = 20000;
    double max_noise_pct = 1.0;
    run::measure_options measure;
    bool force = false, keep_going = false, no_peak = false, describe = false, list = false,
         quiet = false, dry_run = false;
    /// --gate: measured for a timing gate (3 processes, rounds spaced), not a quick look.
    bool gate = false;
    /// --once: each case's kernel once, verified, nothing timed, no profile (run_once.hpp).
    bool once = false;
};

/// The run's options from the command line. Throws usage_error for values out of range.
run::run_options to_run_options(const run_cli_options& o);

/// The revision the run records (runs[].revision): --commit's full sha when given (lowercased;
/// usage_error for anything but 40 or 64 hex digits), else git's HEAD in the current folder,
/// else none. Why a repository's HEAD was not recorded (one owned by another user) is said on
/// `warnings` when it is given.
std::optional<git_revision> resolve_revision(const std::string& commit, std::ostream* warnings);

/// --order-seed's value: the number given, or for "random" one drawn now (below 2^53, so that
/// every JSON reader keeps it exact). Throws usage_error for anything else.
std::uint64_t resolve_order_seed(const std::string& text);

/// "out/profile-<UTC>-<random>.json": two runs started in the same second do not collide.
std::string default_output();

} // namespace grp::cli
