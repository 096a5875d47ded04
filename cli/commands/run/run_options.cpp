#include "commands/run/run_options.hpp"

#include "commands/command.hpp"
#include "commands/help_groups.hpp"
#include "commands/run/run.hpp"
#include "commands/validators.hpp"
#include "grp/core/units.hpp"
#include "grp/model/host/reduce_op.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/spec/duet.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/spec/param_override.hpp"
#include "grp/run/run_record.hpp"
#include "grp/run/scenario/scenarios.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>

namespace grp::cli {

namespace {

const char* run_footer = R"(Examples:
  gpu-reduce-prof run                                   # quick sweep, default device
  gpu-reduce-prof run -k 'reduce[0-6]' -l pow2 -n 2^24 -t int,float
  gpu-reduce-prof run -k reduce6,reduce_vec4 --gate -o base.json  # a baseline for compare
  gpu-reduce-prof run --layout aos12,aos16,soa -n 2^24  # the vec3 layout kernels
  gpu-reduce-prof run -k my_kernels/sum.json -l 256    # your own kernel, described by a spec
  gpu-reduce-prof run -k seed.json -n 256 --data iota   # 0+1+...+255 = 32640, exactly
  gpu-reduce-prof run -k my.json --duet base/my.json --runs 8 --rounds 48 -o duet.json
                                  # a duet: base, candidate and an A/A control, then
  gpu-reduce-prof compare duet.json                     # judge it
  gpu-reduce-prof run --list                            # built-in kernels

Every case is verified before timing (the first launch within tolerance, the input left
untouched, an exact check on integer-valued data that catches one dropped element) and the
final value of every timed launch is checked; a wrong (or, with --keep-going, failed) case
makes the exit status 1; a run where every case was skipped exits 7.
Timing: each case is measured in --rounds rounds spread over the run (interleaved with the
other cases, fresh buffers, at least --round-spacing apart); a round is --warmup untimed
launches, then at least --min-samples timed ones until the round's median is within
--max-noise or its share of --max-time is spent. A plain run is a quick look in one process;
compare gates timing on runs made with --gate (3 processes) or a baseline of 3 runs.
Ctrl-C, SIGTERM or SIGHUP save the finished rounds (marked incomplete; exit 128+signal); a
second one stops at once, keeping the last finished round.)";

void add_sweep_options(CLI::App* sub, run_cli_options& o) {
    sub->add_option("-k,--kernel", o.kernels,
                    "Built-in names or globs ('reduce*', 'all', 'default'), or paths to a .json "
                    "spec or a .cl with its spec beside it. Default: the built-in default sweep")
        ->delimiter(',');
    sub->add_option("--duet", o.duet,
                    "The base revision's spec (or .cl with its spec beside it): each of its "
                    "kernels is timed beside -k's kernel of the same name as base:NAME, and "
                    "again, built apart, as control:NAME (an A/A control); all kernels of a sweep "
                    "point alternate their launches in every round. Judge it with 'compare "
                    "DUET.json'")
        ->type_name("BASE_SPEC")
        ->check(non_empty("the base revision's spec"));
    sub->add_option("-l,--local-size", o.local_sizes,
                    "Work-group sizes: a list (32,64,256), 'pow2' (1..device max) or 'all' "
                    "(pow2 and multiples of the preferred multiple)")
        ->capture_default_str();
    sub->add_option("-n,--size", o.sizes,
                    "Elements (records for layouts): 1000, 64k, 1M, 1Mi, 2^28. Default: sized "
                    "from the device (larger than its caches)")
        ->delimiter(',');
    sub->add_option("-t,--type", o.types, "Element types: int, uint, float, double (default float)")
        ->delimiter(',');
    sub->add_option("--layout", o.layouts, "Data layouts: flat, aos12, aos16, soa")->delimiter(',');
    sub->add_option("--op", o.ops,
                    "Reduction operators: sum, min, max, product (default sum; kernels that do "
                    "not declare an operator skip its cases)")
        ->delimiter(',');
    sub->add_option("--data", o.data,
                    "Input values: random (seeded, never zero), iota (0, 1, 2, ...), ones, "
                    "const:V, or file:PATH (raw values of the element type)")
        ->capture_default_str();
    sub->add_option("--scenario", o.scenarios,
                    "Experiments: wg-probe, barrier, precision, subgroups (alone, no sweep "
                    "unless -k or --layout is given too)")
        ->delimiter(',');
    sub->add_option("--barrier-runs", o.barrier_runs,
                    "Launches of each kernel in the barrier scenario")
        ->transform(count_range(1, 1000000))
        ->capture_default_str();
    sub->add_option("--order", o.order,
                    "Order of cases in a round: sequential, interleaved, random")
        ->capture_default_str();
    sub->add_option("--cache", o.cache,
                    "Cache state of each timed launch: cold (an untimed write and read of a "
                    "scratch buffer over 8x the last-level cache, at least 256 MiB, before "
                    "each), warm (what the warm-up left), both (each case twice) or auto: cold "
                    "on GPUs, warm on CPUs. compare never judges cold against warm")
        ->capture_default_str();
    sub->add_option("--search", o.search,
                    "Tuning spaces (kernels with \"params\"): exhaustive, random:N "
                    "(N parameter configurations per kernel, type, layout and n, each at every "
                    "local size; seeded by --seed) or "
                    "halving[:ETA] (successive halving: all briefly, the best 1/ETA again "
                    "with more rounds, until the best gets the full measurement)")
        ->capture_default_str();
    sub->add_option("-a,--param", o.params,
                    "A tuning parameter's values instead of the spec's, in every selected "
                    "kernel that declares it: NAME=V[,V...] (UNROLL=1,2); repeat for several")
        ->type_name("NAME=V,...");
    sub->add_option("--max-cases", o.max_cases,
                    "The most cases a device's sweep may plan (cases: configurations x types x "
                    "ops x layouts x sizes x local sizes); a larger plan is refused before any "
                    "work")
        ->transform(count_range(1, UINT64_MAX))
        ->capture_default_str();
    sub->add_option("--resume", o.resume,
                    "An earlier profile of this device: its cases held in full are kept; "
                    "missing ones, ones short of --rounds, failed ones and ones whose source "
                    "changed are measured (whole). The profile written holds the union")
        ->type_name("PROFILE")
        ->check(non_empty("the profile to resume"));
    sub->add_option("--seed", o.seed,
                    "Seed of the input data, of --order random and of --search random")
        ->transform(count_range(0, UINT64_MAX))
        ->capture_default_str();
    sub->add_option("--order-seed", o.order_seed,
                    "Seed of the order the rounds visit the cases in, of a duet's launch order "
                    "and of the build order: 'random' draws one per invocation (recorded as "
                    "settings.order_seed), so that no kernel keeps a place that favours it "
                    "across invocations; a number repeats an invocation's order")
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast) // a part gets its parent's
        ->capture_default_str();
    sub->add_option("--wg-limit", o.wg_limit,
                    "Above a kernel's CL_KERNEL_WORK_GROUP_SIZE: 'device' tries the launch up to "
                    "the device's limits (verification guards it), 'kernel' skips")
        ->capture_default_str();
}

void add_timing_options(CLI::App* sub, run_cli_options& o) {
    auto& m = o.measure;
    sub->add_option("--rounds", m.rounds, "Rounds per case, spread over the run")
        ->transform(count_range(1, 10000))
        ->capture_default_str();
    sub->add_option("--runs", o.runs,
                    "Processes the rounds are split over, one after the other, kept as runs so "
                    "that compare measures the run-to-run spread (each lands at a level of its "
                    "own). auto: 1, or 3 with --gate or --duet (never more than --rounds)")
        ->capture_default_str();
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
    sub->add_option("--settle", o.settle_s,
                    "Most seconds of untimed launches before a process's first round, until "
                    "the clock sensor reads a steady clock (GPUs without one: 0.2 s); 0: none")
        ->check(finite_range(0.0, 60.0))
        ->capture_default_str();
    sub->add_option("--part", o.part, "(internal) this process is part I/K of --runs")->group("");
    sub->add_option("--part-output", o.part_output, "(internal) where a part writes")->group("");
    sub->add_option("--part-peak", o.part_peaks, "(internal) the first part's read peak")
        ->group("");
    sub->add_option("--part-input", o.part_inputs, "(internal) the parent's input digests")
        ->group("");
    sub->add_option("--extra-rounds", m.extra_rounds,
                    "Most rounds added for cases whose rounds another process disturbed (their "
                    "threads waited for a CPU), to reach --rounds undisturbed ones")
        ->transform(count_range(0, 10000))
        ->capture_default_str();
    sub->add_option("--round-spacing", m.round_spacing_s,
                    "Least seconds between a case's round starts (the device idles meanwhile). "
                    "Default: 0.2 over several processes (--gate), 0 in one")
        ->check(finite_range(0.0, 3600.0))
        ->each([&o](const std::string&) { o.spacing_given = true; });
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

void add_output_options(CLI::App* sub, run_cli_options& o) {
    sub->add_option("-o,--output", o.output,
                    "Profile path (default out/profile-<UTC time>-<random>.json); '-' writes "
                    "the profile to stdout and the tables to stderr")
        ->check(non_empty("a file name"));
    sub->add_option("--csv", o.csv,
                    "Also write one CSV row per case (columns in docs/run.md); '-' for stdout (the "
                    "tables then go to stderr)")
        ->type_name("FILE")
        ->check(non_empty("a file name"));
    sub->add_flag("--force", o.force, "Overwrite existing output files");
    sub->add_flag("--keep-going", o.keep_going,
                  "Record a kernel that fails to build as failed and go on");
    sub->add_flag("--no-peak", o.no_peak, "Skip the peak-bandwidth measurement");
    sub->add_option("--peak-bytes", o.peak_bytes,
                    "Buffer size of the peak measurement (default: the sweep's largest input)")
        ->transform(count_range(4096, std::uint64_t{1} << 50U,
                                "the peak measurement needs a buffer of at least 4 KiB; sizes "
                                "take 64Mi, 1G, 2^30"));
    sub->add_option("--cl-options", o.cl_options,
                    "Appended to every kernel's build options, e.g. '-cl-nv-verbose' (the "
                    "driver's build log is then kept in each case's extra.build_log)");
    sub->add_option("--table", o.table,
                    "matrix: per sweep point with several local sizes a kernel x local-size "
                    "matrix (host baseline and best cell underneath), the per-case list for the "
                    "rest; list: every case in the list")
        ->check(CLI::IsMember({"matrix", "list"}))
        ->capture_default_str();
    sub->add_option(
           "--cells", o.cells,
           "What a matrix cell shows: time (median), gbps, both, or energy (per launch: the "
           "rounds' mean power x the median time; n/a without a power sensor)")
        ->check(CLI::IsMember({"time", "gbps", "both", "energy"}))
        ->capture_default_str();
    sub->add_flag("--describe", o.describe,
                  "Explain the columns and the bytes counted, and exit (nothing runs)");
    add_color_option(sub, o.color);
    sub->add_flag("--list", o.list, "List the built-in kernels and exit");
    sub->add_flag("--dry-run", o.dry_run,
                  "Print the planned cases (per kernel: types, n, local sizes) and a rough "
                  "estimate of the wall time, and exit: nothing is built or timed");
    sub->add_flag("-q,--quiet", o.quiet, "No progress on stderr");
}

// --data, checked against every type the sweep runs (none named: float).
data_choice parse_checked_data(const std::string& text, const std::vector<element_type>& types) {
    auto data = parse_data_choice(text);
    for (auto t : types.empty() ? std::vector<element_type>{element_type::float32} : types) {
        check_data_for_type(data, t);
    }
    return data;
}

} // namespace

run::run_options to_run_options(const run_cli_options& o) {
    run::run_options r;
    for (const auto& d : o.devices) {
        r.devices.push_back(parse_device_selector(d));
    }
    for (const auto& t : o.types) {
        r.sweep.types.push_back(parse_element_type(t));
    }
    for (const auto& l : o.layouts) {
        r.sweep.layouts.push_back(parse_data_layout(l));
    }
    if (!o.ops.empty()) {
        r.sweep.ops.clear();
        for (const auto& op : o.ops) {
            const auto parsed = parse_reduce_op(op);
            if (std::find(r.sweep.ops.begin(), r.sweep.ops.end(), parsed) == r.sweep.ops.end()) {
                r.sweep.ops.push_back(parsed);
            }
        }
    }
    for (const auto& s : o.sizes) {
        r.sweep.sizes.push_back(parse_count(s, "-n"));
    }
    r.sweep.local_sizes = o.local_sizes;
    r.sweep.order = parse_sweep_order(o.order);
    r.sweep.cache = parse_cache_mode(o.cache);
    r.sweep.seed = o.seed;
    r.search = parse_search(o.search);
    if (!o.resume.empty()) {
        r.resume = std::make_shared<const profile>(load_profile(o.resume));
        r.resume_path = o.resume;
    }
    if (r.search.what == search_options::kind::random) {
        r.sweep.random_configs = r.search.count;
    }
    r.measure = o.measure;
    r.measure.order_seed = resolve_order_seed(o.order_seed);
    r.resume_rounds = r.measure.rounds; // before a part of --runs takes its share
    r.measure.max_noise = o.max_noise_pct / 100.0;
    if (o.samples != 0) {
        r.measure.min_samples = r.measure.max_samples = o.samples;
    }
    if (o.sampling_given) {
        r.measure.long_launch_s = 0; // what the user set runs as set
    }
    if (r.measure.max_samples < r.measure.min_samples) {
        throw usage_error("--max-samples must be at least --min-samples");
    }
    r.data = parse_checked_data(o.data, r.sweep.types);
    r.wg_limit = run::parse_wg_limit_policy(o.wg_limit);
    r.keep_going = o.keep_going;
    r.gate = o.gate;
    r.measure_peak = !o.no_peak;
    r.sensors = sensor_settings_from_env(o.sensors == "on");
    r.settle.max_s = o.settle_s;
    for (const auto& sc : o.scenarios) {
        run::check_scenario_name(sc);
        r.scenarios.push_back(sc);
    }
    std::vector<param_override> overrides;
    for (const auto& a : o.params) {
        overrides.push_back(parse_param_override(a));
    }
    const auto select = [&](const std::vector<std::string>& items) {
        auto kernels = resolve_kernels(items, r.sweep.layouts);
        apply_param_overrides(kernels, overrides);
        return kernels;
    };
    // `run --scenario X` alone runs the scenario only; add -k to sweep kernels as well.
    if (!o.duet.empty()) {
        auto plan = plan_duet(select({o.duet}), select(o.kernels));
        r.kernels = instantiate_kernels(plan.kernels);
        r.duet = std::move(plan.triples);
        r.duet_base = o.duet;
    } else if (o.scenarios.empty() || !o.kernels.empty() || !o.layouts.empty()) {
        r.kernels = instantiate_kernels(select(o.kernels));
    } else if (!overrides.empty()) {
        throw usage_error("--param sets tuning parameters of -k's kernels; --scenario alone "
                          "runs none");
    }
    r.barrier_runs = o.barrier_runs;
    r.max_cases = o.max_cases;
    r.host_repeats = o.host_repeats;
    r.cl_options = o.cl_options;
    r.peak_bytes = o.peak_bytes;
    return r;
}

std::uint64_t resolve_order_seed(const std::string& text) {
    if (text != "random") {
        const auto seed = parse_count(text, "--order-seed");
        // Recorded in settings.order_seed: above 2^53 a JSON reader's double would not give
        // the same number back, and the order could not be repeated.
        if (seed > (std::uint64_t{1} << 53U) - 1U) {
            throw usage_error("--order-seed " + text +
                              " is above 2^53 - 1 (9007199254740991), "
                              "the largest a JSON reader reads back exactly; give a smaller one");
        }
        return seed;
    }
    std::random_device rd;
    const std::uint64_t high = rd();
    const std::uint64_t low = rd();
    return ((high << 32U) | low) & ((std::uint64_t{1} << 53U) - 1U);
}

std::string default_output() {
    std::string stamp = run::utc_now();
    stamp.erase(std::remove_if(stamp.begin(), stamp.end(), [](char c) { return c == ':'; }),
                stamp.end());
    std::random_device rd;
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "%06x", rd() & 0xFFFFFFu);
    return "out/profile-" + stamp + "-" + suffix + ".json";
}

void add_run(CLI::App& app, command_slot& slot) {
    auto o = std::make_shared<run_cli_options>();
    auto* sub = app.add_subcommand("run", "Sweep reduction kernels; verify, time with OpenCL "
                                          "events in rounds, write a JSON profile");
    sub->footer(run_footer);
    add_sweep_options(sub, *o);
    add_device_option(sub, o->devices);
    add_timing_options(sub, *o);
    add_output_options(sub, *o);
    group_run_help(sub);
    sub->callback([o, &slot] {
        slot = [o] {
            return run_run(*o);
        };
    });
}

} // namespace grp::cli
