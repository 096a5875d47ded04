// run's option tables for the rounds and the processes they are split over (--rounds, --runs,
// --gate, the internal --part options, --round-spacing, --launch-timeout and the processes a
// hung launch hands over to) and for the sampling inside a round (--warmup, --min-samples,
// --max-samples, --samples, --max-noise, --max-time).
#include "commands/run/run_flags.hpp"
#include "commands/validators.hpp"

#include <cstdint>

namespace grp::cli {

namespace {

// The options a parent of --runs gives each of its processes (hidden from --help).
void add_part_options(CLI::App* sub, run_cli_options& o) {
    sub->add_option("--part", o.part, "(internal) this process is part I/K of --runs")->group("");
    sub->add_option("--part-output", o.part_output, "(internal) where a part writes")
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast) // a device's process's part
        ->group("");
    sub->add_option("--part-peak", o.part_peaks, "(internal) the first part's read peak")
        ->group("");
    sub->add_option("--part-input", o.part_inputs, "(internal) the parent's input digests")
        ->group("");
    sub->add_option("--part-points", o.part_points,
                    "(internal) the sweep points a sequential duet's look left undecided")
        ->group("");
    sub->add_option("--part-rounds", o.part_rounds, "(internal) the rounds the parent shares")
        ->transform(count_range(1, 1000000))
        ->group("");
    sub->add_option("--after-hang", o.after_hang,
                    "(internal) the cases an earlier process of this run finished or saw hang")
        ->group("");
    sub->add_option("--skip-hung", o.skip_hung, "(internal) an earlier part whose cases hung")
        ->group("");
    sub->add_option("--device-child", o.device_child,
                    "(internal) this process measures the device of this flat index alone")
        ->check(CLI::Range(0, 1 << 20))
        ->group("");
}

// Several devices at once, a process each (cli/grp/parts/device_parts.hpp), or one by one.
void add_devices_parallel(CLI::App* sub, run_cli_options& o) {
    sub->add_option("--devices-parallel", o.devices_parallel,
                    "With several devices (-d all, -d 0 -d 1): on measures them at once, a "
                    "process each, merged into one profile (a device that fails does not stop "
                    "the others); off: one after the other in this process, for devices that "
                    "share a host resource; auto: on unless a CPU device is among them (it "
                    "shares the host's cores with the others' launches)")
        ->check(CLI::IsMember({"auto", "on", "off"}))
        ->capture_default_str();
}

// A launch that never completes (run_hang.hpp).
void add_launch_timeout(CLI::App* sub, run_cli_options& o) {
    sub->add_option("--launch-timeout", o.launch_timeout_s,
                    "Seconds a launch may run before it counts as hung: its case fails "
                    "(\"hung: no completion after N s\") and the other cases go on in a fresh "
                    "process (a hung launch cannot be cancelled). 0: max(60, 20 x the plan's "
                    "longest launch estimate)")
        ->check(finite_range(0.0, 1e6))
        ->capture_default_str();
}

/// A sequential duet's budget and the false-alarm rate its looks spend.
void add_sequential_options(CLI::App* sub, run_cli_options& o) {
    sub->add_option(
           "--budget", o.budget,
           "A duet's most processes and/or time: it adds processes one at a time "
           "after the first 3 until every candidate's case is decided (an A/A "
           "control's counts through the candidates it gates), judged at an "
           "alpha-spending boundary; e.g. 10, 120s, 12,3min. "
           "Default: 10 processes; 30,170s when every device is a CPU, whose processes disagree "
           "more (--runs N: a fixed count instead)")
        ->type_name("N|TIME");
    sub->add_option("--alpha", o.duet_alpha,
                    "A sequential duet's false-alarm rate, spent over its looks (default 0.01, "
                    "compare's); bisect gives each duet its share of the search's")
        ->type_name("NUM")
        ->check(finite_range(1e-6, 0.25));
    sub->add_flag("--one-sided", o.one_sided,
                  "A sequential duet asks only whether the candidate is slower: it also stops "
                  "where every undecided candidate case reads not slower (its interval's high "
                  "end, widened by any bias its controls allow, within the threshold), as "
                  "bisect asks of each commit; such a point is still measured while others are "
                  "undecided, and compare prints it inconclusive");
}

} // namespace

void add_process_options(CLI::App* sub, run_cli_options& o) {
    auto& m = o.measure;
    sub->add_option("--rounds", m.rounds, "Rounds per case, spread over the run")
        ->transform(count_range(1, 10000))
        ->capture_default_str();
    sub->add_option("--runs", o.runs,
                    "Processes the rounds are split over, one after the other, kept as runs so "
                    "that compare measures the run-to-run spread (each lands at a level of its "
                    "own). auto: 1, 3 with --gate, or a duet's 3 and more until decided (--budget; "
                    "never more than --rounds)")
        ->capture_default_str();
    add_sequential_options(sub, o);
    sub->add_flag("--gate", o.gate,
                  "Measure for compare's timing gate: 3 processes, rounds 0.2 s apart");
    sub->add_flag("--rotate-cpus", m.rotate_cpus,
                  "Submit each round's launches from the next CPU this process may use (a "
                  "diagnostic of the submitting CPU's effect; rounds record their CPU)");
    sub->add_option("--sensors", o.sensors,
                    "on: read the device's clocks, temperature, power and energy over every "
                    "round (NVML on NVIDIA GPUs, sysfs on Linux CPUs; none elsewhere, said in "
                    "the profile); off: none")
        ->check(CLI::IsMember({"on", "off"}))
        ->capture_default_str();
    add_launch_timeout(sub, o);
    sub->add_option("--settle", o.settle_s,
                    "Most seconds of untimed launches before a process's first round, until "
                    "the clock sensor reads a steady clock (GPUs without one: 0.2 s); 0: none")
        ->check(finite_range(0.0, 60.0))
        ->capture_default_str();
    add_devices_parallel(sub, o);
    add_part_options(sub, o);
    sub->add_option("--extra-rounds", m.extra_rounds,
                    "Most rounds added for cases whose rounds another process disturbed (their "
                    "threads waited for a CPU), to reach --rounds undisturbed ones; only while one "
                    "can count (none for a case whose every round was disturbed: docs/run.md)")
        ->transform(count_range(0, 10000))
        ->capture_default_str();
    sub->add_option("--round-spacing", m.round_spacing_s,
                    "Least seconds between a case's round starts (the device idles meanwhile). "
                    "Default: 0.2 over several processes (--gate), 0 in one")
        ->check(finite_range(0.0, 3600.0))
        ->each([&o](const std::string&) { o.spacing_given = true; });
}

void add_sampling_options(CLI::App* sub, run_cli_options& o) {
    auto& m = o.measure;
    const auto given = [&o](const std::string&) {
        o.sampling_given = true;
    };
    sub->add_option("--warmup", m.warmup,
                    "Untimed launches before each round (launches of 20 ms or more: one, unless "
                    "given)")
        ->transform(count_range(0, 1000000))
        ->each(given)
        ->capture_default_str();
    sub->add_option("--min-samples", m.min_samples,
                    "Fewest timed samples per round (launches of 20 ms or more: 2, unless given: "
                    "the rounds carry the statistics)")
        ->transform(count_range(1, 10000000))
        ->each(given)
        ->capture_default_str();
    sub->add_option("--max-samples", m.max_samples, "Most timed samples per round")
        ->transform(count_range(1, 10000000))
        ->capture_default_str();
    sub->add_option("--samples", o.samples,
                    "Exactly this many samples per round (no adaptive "
                    "stop)")
        ->transform(count_range(1, 10000000,
                                "omit --samples for adaptive sampling (--min-samples, "
                                "--max-samples, --max-noise)"))
        ->each(given);
    sub->add_option("--max-noise", o.max_noise_pct,
                    "A round stops once the relative standard error of its median is under "
                    "this %")
        ->check(finite_range(0.0001, 100.0))
        ->capture_default_str();
    sub->add_option("--max-time", m.max_time_s,
                    "Seconds of sampling per case, shared by its rounds")
        ->check(finite_range(0.0, 86400.0))
        ->capture_default_str();
    sub->add_option("--host-repeats", o.host_repeats,
                    "Timed repeats of the host baseline (the same input summed on the CPU by a "
                    "sequential loop and by all hardware threads), after one warm-up; 0: none")
        ->transform(count_range(0, 1000))
        ->capture_default_str();
}

} // namespace grp::cli
