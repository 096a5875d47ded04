// `gpu-reduce-prof run`: sweeps kernels x local sizes x sizes x types x layouts on one or more
// devices, verifies every result, times every launch with OpenCL events and writes a profile.
#include "commands/command.hpp"
#include "grp/core/units.hpp"
#include "grp/model/kernel_catalog.hpp"
#include "grp/model/layout_summary.hpp"
#include "grp/report/run_console.hpp"
#include "grp/report/table.hpp"
#include "grp/run/case_runner.hpp"
#include "grp/run/runner.hpp"
#include "grp/run/scenarios.hpp"

#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <unistd.h>

namespace grp::cli {

namespace {

struct run_cli_options {
    std::vector<std::string> kernels, sizes, types, layouts, devices, scenarios;
    std::string local_sizes = "default";
    std::string order = "sequential";
    std::string output;
    std::string cl_options;
    std::uint64_t peak_bytes = 0;
    std::uint64_t seed = 1;
    std::uint64_t samples = 0;
    std::uint64_t barrier_runs = 200;
    double max_noise_pct = 0.5;
    run::measure_options measure;
    bool force = false, keep_going = false, no_peak = false, describe = false, list = false,
         quiet = false;
};

std::string default_output() {
    std::string stamp = run::utc_now();
    stamp.erase(std::remove_if(stamp.begin(), stamp.end(), [](char c) { return c == ':'; }),
                stamp.end());
    return "out/profile-" + stamp + ".json";
}

void list_kernels() {
    text_table t;
    for (const char* c : {"name", "layouts", "types", "local size", "default", "description"}) {
        t.add_column(c);
    }
    for (const auto& k : builtin_kernels()) {
        std::string layouts, types;
        for (auto l : k.layouts) {
            layouts += (layouts.empty() ? "" : ",") + to_string(l);
        }
        for (auto ty : k.types) {
            types += (types.empty() ? "" : ",") + to_string(ty);
        }
        std::string local = k.local.fixed ? "=" + std::to_string(k.local.fixed)
                                          : (k.local.pow2_only ? "pow2" : "any");
        if (k.local.max) {
            local += " <=" + std::to_string(k.local.max);
        }
        t.add_row({{k.name},
                   {layouts},
                   {types},
                   {local},
                   {k.safe ? (k.in_default_sweep ? "yes" : "no") : "no (UNSAFE)"},
                   {k.description}});
    }
    t.print(std::cout, false);
}

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
    for (const auto& s : o.sizes) {
        r.sweep.sizes.push_back(parse_count(s, "-n"));
    }
    r.sweep.local_sizes = o.local_sizes;
    r.sweep.order = parse_sweep_order(o.order);
    r.sweep.seed = o.seed;
    r.measure = o.measure;
    r.measure.max_noise = o.max_noise_pct / 100.0;
    if (o.samples != 0) {
        r.measure.min_samples = r.measure.max_samples = o.samples;
    }
    if (r.measure.max_samples < r.measure.min_samples) {
        throw usage_error("--max-samples must be at least --min-samples");
    }
    r.keep_going = o.keep_going;
    r.measure_peak = !o.no_peak;
    for (const auto& sc : o.scenarios) {
        run::check_scenario_name(sc);
        r.scenarios.push_back(sc);
    }
    // `run --scenario X` alone runs the scenario only; add -k to sweep kernels as well.
    if (o.scenarios.empty() || !o.kernels.empty() || !o.layouts.empty()) {
        r.kernels = resolve_kernels(o.kernels, r.sweep.layouts);
    }
    r.barrier_runs = o.barrier_runs;
    r.cl_options = o.cl_options;
    r.peak_bytes = o.peak_bytes;
    return r;
}

int run_run(const run_cli_options& o) {
    if (o.list) {
        list_kernels();
        return 0;
    }
    auto opts = to_run_options(o);
    const std::string out = o.output.empty() ? default_output() : o.output;
    if (std::filesystem::exists(out) && !o.force) {
        throw usage_error("output '" + out +
                          "' exists; pass --force to overwrite it or -o to "
                          "choose another file");
    }
    if (auto dir = std::filesystem::path(out).parent_path(); !dir.empty()) {
        std::filesystem::create_directories(dir);
    }
    std::signal(SIGINT, [](int) { run::request_interrupt(); });
    run_progress progress(std::cerr, isatty(2) != 0, o.quiet);
    run::progress_sink sink;
    sink.device_started = [&](const device_info& d, std::size_t n) {
        progress.device_started(d, n);
    };
    sink.peak_measured = [&](const device_info&, const peak_bandwidth& p) {
        progress.peak_measured(p);
    };
    sink.case_started = [&](std::size_t i, std::size_t n, const case_key& k) {
        progress.case_started(i, n, k);
    };
    sink.case_finished = [&](std::size_t i, std::size_t n, const case_result& r) {
        progress.case_finished(i, n, r);
    };
    profile p;
    run::stamp_profile(p, invocation_argv());
    auto started = p.host.started_at;
    auto tool = p.tool;
    auto host = p.host;
    p = run::run_sweep(opts, sink);
    if (auto rows = summarize_layouts(p); !rows.empty()) {
        p.scenarios["layouts"]["table"] = to_json(rows);
    }
    p.tool = tool;
    host.finished_at = p.host.finished_at;
    p.host = host;
    progress.finish();
    save_profile(p, out);
    print_run_tables(std::cout, p, use_colour(1));
    print_layout_table(std::cout, p);
    if (o.describe) {
        print_run_legend(std::cout);
    }
    std::size_t wrong = 0;
    std::size_t failed = 0;
    std::size_t noisy = 0;
    for (const auto& c : p.cases) {
        wrong += c.status == case_status::wrong ? 1 : 0;
        failed += c.status == case_status::failed ? 1 : 0;
        noisy += c.status == case_status::ok && !c.noise_target_met ? 1 : 0;
    }
    if (noisy != 0) {
        std::cerr << "warning: " << noisy << " case(s) never reached the noise target (relative "
                  << "standard error of the median <= " << o.max_noise_pct << "%) within "
                  << "--max-time; they are marked (noisy). A quieter machine, a larger -n or a "
                  << "longer --max-time helps.\n";
    }
    std::cerr << (p.complete ? "" : "interrupted: ") << "profile written to " << out << " ("
              << p.cases.size() << " cases"
              << (wrong ? ", " + std::to_string(wrong) + " WRONG" : "")
              << (failed ? ", " + std::to_string(failed) + " failed" : "") << ")\n";
    if (!p.complete) {
        return 130; // the shell's convention for "ended by SIGINT"
    }
    // A case that is wrong, or that could not run (--keep-going), is no verified result.
    return wrong + failed > 0 ? static_cast<int>(exit_code::regression_or_wrong) : 0;
}

} // namespace

void add_run(CLI::App& app, command_slot& slot) {
    auto o = std::make_shared<run_cli_options>();
    auto* sub = app.add_subcommand("run", "Sweep reduction kernels; verify, time with OpenCL "
                                          "events, write a JSON profile");
    sub->footer(R"(Examples:
  gpu-reduce-prof run                                   # quick sweep, default device
  gpu-reduce-prof run -k 'reduce[0-6]' -l pow2 -n 2^24 -t int,float
  gpu-reduce-prof run -k reduce6,reduce_vec4 -l 128,256,512 -n 2^28 -o h100.json
  gpu-reduce-prof run --layout aos12,aos16,soa -n 2^24  # the vec3 layout kernels
  gpu-reduce-prof run -k my_kernels/sum.json -l 256    # your own kernel, described by a spec
  gpu-reduce-prof run --list                            # built-in kernels

Every case is verified once before timing; a wrong (or, with --keep-going, failed)
case makes the exit status 1.
Timing: warm-up launches, then at least --min-samples, then until the relative standard
error of the median is under --max-noise or --max-time is spent. --describe explains the
columns and the bytes counted. Ctrl-C saves the finished cases, marked incomplete.)");
    sub->add_option(
           "-k,--kernel", o->kernels,
           "Built-in names or globs ('reduce*', 'all', 'default'), or paths to a .json spec or a "
           ".cl with its spec beside it. Default: the built-in default sweep")
        ->delimiter(',');
    sub->add_option("-l,--local-size", o->local_sizes,
                    "Work-group sizes: a list (32,64,256), 'pow2' (1..device max) or 'all' "
                    "(pow2 and multiples of the preferred multiple)")
        ->capture_default_str();
    sub->add_option("-n,--size", o->sizes,
                    "Elements (records for layouts): 1000, 64k, 1M, 1Mi, 2^28. Default: "
                    "the smallest power of two over max(2x last-level cache, 16 MiB) of data")
        ->delimiter(',');
    sub->add_option("-t,--type", o->types,
                    "Element types: int, uint, float, double (default float)")
        ->delimiter(',');
    sub->add_option("--layout", o->layouts, "Data layouts: flat, aos12, aos16, soa")
        ->delimiter(',');
    sub->add_option("--scenario", o->scenarios,
                    "Experiments: wg-probe, barrier, precision, subgroups (alone, no sweep "
                    "unless -k or --layout is given too)")
        ->delimiter(',');
    sub->add_option("--barrier-runs", o->barrier_runs,
                    "Launches of each kernel in the barrier scenario")
        ->capture_default_str();
    add_device_option(sub, o->devices);
    sub->add_option("--order", o->order, "Order of points: sequential, interleaved, random")
        ->capture_default_str();
    sub->add_option("--seed", o->seed, "Seed of the input data and of --order random")
        ->capture_default_str();
    sub->add_option("--warmup", o->measure.warmup, "Untimed launches before sampling")
        ->capture_default_str();
    sub->add_option("--min-samples", o->measure.min_samples, "Fewest timed samples per case")
        ->capture_default_str();
    sub->add_option("--max-samples", o->measure.max_samples, "Most timed samples per case")
        ->capture_default_str();
    sub->add_option("--samples", o->samples, "Exactly this many samples (no adaptive stop)");
    sub->add_option("--max-noise", o->max_noise_pct,
                    "Stop once the relative standard error of the median is under this %")
        ->capture_default_str();
    sub->add_option("--max-time", o->measure.max_time_s,
                    "Seconds to keep sampling a case after --min-samples")
        ->capture_default_str();
    sub->add_option("-o,--output", o->output, "Profile path (default out/profile-<UTC time>.json)");
    sub->add_flag("--force", o->force, "Overwrite an existing output file");
    sub->add_flag("--keep-going", o->keep_going,
                  "Record a kernel that fails to build as failed and go on");
    sub->add_flag("--no-peak", o->no_peak, "Skip the peak-bandwidth measurement");
    sub->add_option("--peak-bytes", o->peak_bytes,
                    "Buffer size of the peak measurement (default: the sweep's largest input)");
    sub->add_option("--cl-options", o->cl_options,
                    "Appended to every kernel's build options, e.g. '-cl-nv-verbose' (the "
                    "driver's build log is then kept in each case's extra.build_log)");
    sub->add_flag("--describe", o->describe, "Explain the columns and the bytes counted");
    sub->add_flag("--list", o->list, "List the built-in kernels and exit");
    sub->add_flag("-q,--quiet", o->quiet, "No progress on stderr");
    sub->callback([o, &slot] {
        slot = [o] {
            return run_run(*o);
        };
    });
}

} // namespace grp::cli
