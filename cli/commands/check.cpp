// `gpu-reduce-prof check`: every selected case once on the Oclgrind simulator, at small sizes
// that still give several groups, a partial last group and several passes; races, invalid
// accesses, uninitialised values and barrier divergence become data (the case is `unsafe`), and
// the work the simulator counted per pass is kept for compare's deterministic work gate.
#include "grp/report/console/check.hpp"

#include "commands/check_save.hpp"
#include "commands/command.hpp"
#include "commands/estimate_target.hpp"
#include "commands/help_groups.hpp"
#include "commands/run/run_options.hpp"
#include "commands/validators.hpp"
#include "grp/core/files/output_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/parts/input_digests.hpp"
#include "grp/report/console/run.hpp"
#include "grp/report/text/table.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/run_record.hpp"
#include "grp/run/runner.hpp"
#include "grp/sim/case_check.hpp"
#include "grp/sim/simulator.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <unistd.h>

namespace grp::cli {

namespace {

const char* check_footer = R"(Examples:
  gpu-reduce-prof check                                 # the built-in default sweep
  gpu-reduce-prof check -k my_kernels/sum.json          # your kernels at local sizes 64, 256
  gpu-reduce-prof check -k my_kernels/sum.json -l pow2  # ... at each power of two to 1024
  gpu-reduce-prof check -k reduce4_lockstep -l 32,64    # the warp-synchronous tail: unsafe
  gpu-reduce-prof compare base-check.json check.json    # same-work / more-work, exactly
  gpu-reduce-prof check -k sum.json -n 2^20 --estimate-for h200.json  # est. time on that GPU

Each case runs once (plus its verification) on the Oclgrind simulator (Debian package
oclgrind), which checks every work-item's every access: data races in local and global memory,
reads and writes out of bounds, uninitialised values and barriers not reached by the whole
group. A case with a finding is `unsafe` (exit 1), with the source line quoted. The simulator
also counts what each pass executed (instructions, bytes per address space, barriers): identical
code on identical data gives identical counts, so `compare` of two check profiles needs no
statistics. With Oclgrind's plugin (liboclgrind-dev) check also records how each case accesses
memory: coalescing, bank conflicts, divergence (the Memory access table; compare gates on it).
Occupancy and caches stay unseen: a kernel can do the same work and still be slower. The default local sizes are run's for a GPU, 64 and 256 (-l for others).
The default size, 4099, is not a power of two and gives each local size up to 1024 several
groups, a partial last group and a second pass.)";

struct check_cli_options {
    run_cli_options run;
    std::size_t max_diagnostics = 20;
    bool uninitialized = false;
    std::string estimate_for; ///< a timed profile of the GPU to estimate each case on
};

void add_check_options(CLI::App* sub, check_cli_options& o) {
    auto& r = o.run;
    sub->add_option("-k,--kernel", r.kernels,
                    "Built-in names or globs, or paths to a .json spec (or a .cl with its spec "
                    "beside it). Default: the built-in default sweep")
        ->delimiter(',');
    sub->add_option("-l,--local-size", r.local_sizes,
                    "Work-group sizes: a list (32,64,256), 'pow2' or 'all' (as run; the "
                    "simulator's limit is 1024)")
        ->capture_default_str();
    sub->add_option("-n,--size", r.sizes,
                    "Elements (records for layouts). Default: 4099 (small, not a power of two)")
        ->delimiter(',');
    sub->add_option(
           "-t,--type", r.types,
           "Element types: int, uint, float, double (default: float for built-in kernels, the "
           "types a spec of yours declares for its kernels)")
        ->delimiter(',');
    sub->add_option("-a,--param", r.params,
                    "A tuning parameter's values instead of the spec's, as run's -a: "
                    "NAME=V[,V...] (TILE=1,8); repeat for several")
        ->type_name("NAME=V,...");
    sub->add_option("--layout", r.layouts, "Data layouts: flat, aos12, aos16, soa")->delimiter(',');
    sub->add_option("--op", r.ops, "Reduction operators: sum, min, max, product")->delimiter(',');
    sub->add_option("--data", r.data, "Input values, as run's --data")->capture_default_str();
    sub->add_option("--seed", r.seed, "Seed of the input data")->capture_default_str();
    sub->add_option("--cl-options", r.cl_options, "Appended to every kernel's build options");
    sub->add_flag("--keep-going", r.keep_going,
                  "Record a kernel that fails to build as failed and go on");
    sub->add_option("--max-cases", r.max_cases,
                    "The most cases a device's selection may plan, as run's --max-cases")
        ->transform(count_range(1, UINT64_MAX))
        ->capture_default_str();
    sub->add_option("--max-diagnostics", o.max_diagnostics,
                    "Distinct findings kept per case (the rest are counted)")
        ->transform(count_range(1, 100000))
        ->capture_default_str();
    sub->add_flag("--uninitialized", o.uninitialized,
                  "Also report uninitialised values (off by default: Oclgrind 21.10 reports them "
                  "in every built-in kernel, where none exist)");
    sub->add_option("-o,--output", r.output,
                    "Profile path (default out/check-<UTC time>-<random>.json); '-' writes it to "
                    "stdout and the tables to stderr")
        ->check(non_empty("a file name"));
    sub->add_flag("--force", r.force, "Overwrite an existing output file");
    add_estimate_for_option(sub, o.estimate_for,
                            "plan the grids for its compute units and print each case's "
                            "access-adjusted time estimate on it, and what bounds it");
    add_color_option(sub, r.color);
    sub->add_flag("-q,--quiet", r.quiet, "No progress on stderr");
}

/// run's options for a check: one process, one launch chain per case, nothing timed.
run::run_options check_run_options(check_cli_options o) {
    auto& r = o.run;
    if (r.sizes.empty()) {
        r.sizes = {"4099"};
    }
    r.no_peak = true;
    r.host_repeats = 0;
    r.cache = "warm";
    r.measure.rounds = 1;
    r.measure.warmup = 0;
    return to_run_options(r);
}

int check_exit_status(const profile& p) {
    bool bad = false, any = false;
    for (const auto& c : p.cases) {
        bad = bad || c.status == case_status::unsafe || c.status == case_status::wrong ||
              c.status == case_status::failed;
        any = any || c.status != case_status::skipped;
    }
    if (bad) {
        return static_cast<int>(exit_code::regression_or_wrong);
    }
    return any ? 0 : static_cast<int>(exit_code::nothing_measured);
}

/// The simulator executes about a million work-item instructions a second: say so before a
/// size that would take it hours.
void warn_large_sizes(const run::run_options& opts) {
    for (auto n : opts.sweep.sizes) {
        if (n > (std::uint64_t{1} << 20U)) {
            std::cerr << "warning: -n " << n
                      << " on the simulator: tens of seconds or more per million elements and case "
                         "(checking needs every pass and group shape, not size: the default "
                         "4099 has them)\n";
            return;
        }
    }
}

// The simulator around each case's first launch: what Oclgrind found and counted while the
// chain ran becomes the case's check record (sim::record_check). The runner sees only the hook.
class simulator_hook : public run::first_launch_hook {
public:
    simulator_hook(sim::simulator& sim, std::size_t max_diagnostics)
        : m_sim(sim), m_max_diagnostics(max_diagnostics) {}

    void around_first_launch(const device_info& device, const kernel_spec& spec,
                             case_result& result, const std::function<void()>& launch) override {
        m_sim.begin();
        launch();
        const auto out = m_sim.end();
        sim::case_check_options co;
        co.simulator = device.driver_version.value_or("simulator");
        co.source_file = spec.source_path;
        co.max_distinct = m_max_diagnostics;
        sim::record_check(out, co, result);
    }

private:
    sim::simulator& m_sim;
    std::size_t m_max_diagnostics;
};

/// Every platform the simulator's loader offers must be Oclgrind's (GRP_OCLGRIND_ICD may name
/// another library); then its vendors folder goes.
void require_simulator(sim::simulator& s) {
    for (const auto& h : ocl::enumerate_devices()) {
        sim::require_oclgrind_platform(h.info.platform_name, h.info.platform_vendor, s.library());
    }
    s.loader_ready();
}

/// Cut short (a signal, an error): cases built but never launched on the simulator are not
/// results.
void drop_unchecked(profile& p) {
    p.cases.erase(std::remove_if(
                      p.cases.begin(), p.cases.end(),
                      [](const case_result& c) { return c.status == case_status::ok && !c.check; }),
                  p.cases.end());
}

/// What marks a profile as check's (run_sweep writes the settings). With --estimate-for the
/// grids were planned for that GPU: `planned_for` names it and its compute units.
void mark_check(profile& p, const check_cli_options& o,
                const std::optional<estimate_device>& target) {
    p.settings["check"] = {{"max_diagnostics", o.max_diagnostics},
                           {"uninitialized", o.uninitialized}};
    if (target) {
        p.settings["check"]["planned_for"] = {
            {"device", target->name},
            {"compute_units", static_cast<std::uint64_t>(target->compute_units)}};
    }
}

/// Runs the sweep on the simulator; every finished case becomes the saver's checkpoint.
void check_on_simulator(const check_cli_options& o, const std::optional<estimate_device>& target,
                        run::run_options& opts, run::progress_sink& sink, check_save& save,
                        profile& p) {
    // Before any OpenCL call: the ICD loader reads its setting once.
    sim::simulator simulator(o.uninitialized);
    require_simulator(simulator);
    if (simulator.access_plugin().empty() && !o.run.quiet) {
        std::cerr << "note: check's Oclgrind plugin (" << sim::access_plugin_name
                  << ") is not installed beside this binary: no access metrics are recorded, so "
                     "compare gives no access verdicts (build with liboclgrind-dev)\n";
    }
    std::vector<case_result> checked;
    simulator.on_recorded([&](const case_result& r) {
        checked.push_back(r);
        mark_check(p, o, target);
        save.update(p, checked);
    });
    // For -o -: a signal's save gives stdout back first; undone before the simulator goes.
    save.set_before_save([&simulator] { simulator.release_stdout(); });
    const std::unique_ptr<check_save, void (*)(check_save*)> undo(
        &save, [](check_save* s) { s->set_before_save(nullptr); });
    simulator_hook hook(simulator, o.max_diagnostics);
    opts.check = &hook;
    opts.time_nothing = true;
    opts.devices.clear();
    try {
        run::run_sweep(opts, sink, p);
    } catch (const std::exception& e) {
        drop_unchecked(p);
        mark_check(p, o, target);
        if (!p.cases.empty()) {
            p.complete = false;
            p.incomplete_reason = valid_utf8(e.what());
            save.save_final(p);
            std::cerr << "check stopped early; " << p.cases.size() << " case(s) saved to "
                      << terminal_escape(save.out().path()) << " (marked incomplete)\n";
        }
        throw;
    }
}

int run_check(const check_cli_options& o) {
    const auto target = estimate_target(o.estimate_for);
    auto opts = check_run_options(o);
    warn_large_sizes(opts);
    std::string path = o.run.output;
    if (path.empty()) {
        path = default_output();
        path.replace(path.find("profile-"), 8, "check-");
    }
    check_save save(output_file(path, "profile", o.run.force, o.run.output.empty()));
    check_distinct_files(parts::run_input_files(opts), {&save.out()});
    save.out().probe();
    // A signal stops after the case in progress and saves what was checked; when that case
    // does not end within the grace (a kernel that never ends), or a second signal comes, the
    // cases checked so far are saved at once.
    run::start_signal_thread([&save](int sig) { save.stop_now(sig); });
    save.start_watchdog(5.0);
    profile p;
    run::stamp_profile(p, invocation_argv());
    run_progress progress(std::cerr, isatty(2) != 0, o.run.quiet, use_colour(2, o.run.color));
    run::progress_sink sink;
    sink.device_started = [&](const device_info& d, std::size_t n) {
        progress.device_started(d, n);
    };
    sink.phase = [&](const std::string& name, std::size_t done, std::size_t total) {
        progress.phase(name == "verifying" ? "checking" : name, done, total);
    };
    if (target) {
        opts.plan_compute_units = static_cast<std::uint32_t>(target->compute_units);
    }
    check_on_simulator(o, target, opts, sink, save, p);
    progress.finish();
    drop_unchecked(p);
    mark_check(p, o, target);
    save.save_final(p);
    const auto& out = save.out();
    auto& os = out.is_stdout() ? std::cerr : std::cout;
    print_check_tables(os, p, use_colour(out.is_stdout() ? 2 : 1, o.run.color));
    if (target) {
        print_estimate_table(os, p, *target, o.estimate_for,
                             use_colour(out.is_stdout() ? 2 : 1, o.run.color));
    }
    os << "profile written to " << (out.is_stdout() ? "stdout" : out.path())
       << (p.complete ? "" : " (incomplete: " + p.incomplete_reason + ")") << '\n';
    return run::interrupted() ? 128 + run::interrupt_signal() : check_exit_status(p);
}

} // namespace

void add_check(CLI::App& app, command_slot& slot) {
    auto o = std::make_shared<check_cli_options>();
    auto* sub = app.add_subcommand(
        "check", "Run each case once on the Oclgrind simulator: races, invalid accesses, "
                 "uninitialised values (unsafe), and exact work counts for compare");
    sub->footer(check_footer);
    add_check_options(sub, *o);
    group_check_help(sub);
    sub->callback([o, &slot] {
        slot = [o] {
            return run_check(*o);
        };
    });
}

} // namespace grp::cli
