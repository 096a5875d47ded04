// `gpu-reduce-prof run`: sweeps kernels x local sizes x sizes x types x layouts on one or more
// devices, verifies every result, times every launch with OpenCL events in interleaved rounds
// and writes a profile. Finished work is saved on every way out: the end, a signal, a build or
// spec error, an OpenCL error.
#include "commands/run/run.hpp"

#include "commands/command.hpp"
#include "commands/run/run_control.hpp"
#include "commands/run/run_devices.hpp"
#include "commands/run/run_hang.hpp"
#include "commands/run/run_list.hpp"
#include "commands/run/run_outcome.hpp"
#include "commands/run/run_plan.hpp"
#include "commands/run/run_processes.hpp"
#include "commands/run/run_resume.hpp"
#include "commands/run/run_sequential.hpp"
#include "commands/run/run_shard.hpp"
#include "grp/core/files/output_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/parts/checkpoint_store.hpp"
#include "grp/parts/input_digests.hpp"
#include "grp/parts/part_folder.hpp"
#include "grp/parts/run_parts.hpp"
#include "grp/report/console/best.hpp"
#include "grp/report/console/run.hpp"
#include "grp/report/console/time_summary.hpp"
#include "grp/report/csv/csv.hpp"
#include "grp/report/text/best_table.hpp"
#include "grp/report/text/table.hpp"
#include "grp/report/views/layout_summary.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/runner.hpp"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace grp::cli {

namespace {

namespace fs = std::filesystem;

// `resumed`: the options of a --resume run's own process, whose checkpoints hold the union (a
// second signal must never write a profile without the resumed cases); null in a part. Every
// process's checkpoints hold what an earlier process of it handed over (--after-hang).
run::progress_sink make_sink(run_progress& progress, parts::checkpoint_store& store,
                             const run::run_options& opts, const run::run_options* resumed) {
    run::progress_sink sink;
    sink.device_started = [&](const device_info& d, std::size_t n) {
        progress.device_started(d, n);
    };
    sink.peak_measured = [&](const device_info&, const peak_bandwidth& p) {
        progress.peak_measured(p);
    };
    sink.size_chosen = [&](const device_info&, const size_choice& c, bool cached) {
        progress.size_chosen(c, cached);
    };
    sink.timer_judged = [&](const device_info&, const timer_verdict& v) {
        progress.timer_judged(v);
    };
    sink.loop_limited = [&](const device_info& d, std::uint64_t n) {
        progress.loop_limited(d.name, n);
    };
    sink.device_failed = [](const device_info& d, const std::string& why) {
        std::cerr << "error: " << terminal_escape(d.name) << " failed: " << terminal_escape(why)
                  << "\nthe run goes on with the next device; this one is marked failed in "
                     "the profile\n";
    };
    sink.phase = [&](const std::string& name, std::size_t done, std::size_t total) {
        progress.phase(name, done, total);
    };
    sink.case_finished = [&](std::size_t i, std::size_t n, const case_result& r) {
        progress.case_finished(i, n, r);
    };
    sink.checkpoint = [&store, &opts, resumed](const profile& p) {
        profile own = p;
        with_after_hang(own, opts);
        profile u = own;
        if (resumed != nullptr) {
            with_resumed(u, *resumed, false);
        }
        store.update(std::move(u), std::move(own));
    };
    return sink;
}

// Saves the finished work of a run cut short by `e` (a build or spec error, an OpenCL error,
// a bug), then lets `e` set the exit status.
// The --csv file, when asked for, holds the same cases as the profile.
[[noreturn]] void save_and_rethrow(profile& p, parts::checkpoint_store& store,
                                   const output_file* csv, const std::exception& e) {
    if (p.cases.empty()) {
        throw; // nothing finished, nothing to keep: no empty profile is left behind
    }
    p.complete = false;
    p.incomplete_reason = valid_utf8(e.what());
    run::finish_host_record(p);
    store.save_final(p);
    std::cerr << "the run stopped early; " << p.cases.size() << " case(s) saved to "
              << terminal_escape(store.out().path()) << " (marked incomplete)\n";
    if (csv != nullptr) {
        std::ostringstream rows;
        print_cases_csv(rows, p);
        csv->write(rows.str());
        std::cerr << "their CSV rows written to " << terminal_escape(csv->path()) << '\n';
    }
    throw;
}

/// Where a run's results go: the profile (through the store), the CSV, and the tables, which
/// go to stderr when stdout carries the profile or the CSV (so stdout is pure data).
struct run_outputs {
    parts::checkpoint_store& store;
    const output_file* csv = nullptr;
    bool data_on_stdout = false;
    std::chrono::steady_clock::time_point started; ///< the invocation's start
};

std::string where(const output_file& f) {
    return f.is_stdout() ? std::string("stdout") : terminal_escape(f.path());
}

int finish_run(profile& p, const run_outputs& outs, const run_cli_options& o) {
    if (auto rows = summarize_layouts(p); !rows.empty()) {
        p.scenarios["layouts"]["table"] = to_json(rows);
    }
    outs.store.save_final(p);
    if (outs.csv != nullptr) {
        std::ostringstream csv;
        print_cases_csv(csv, p);
        outs.csv->write(csv.str());
    }
    std::ostream& tables = outs.data_on_stdout ? std::cerr : std::cout;
    run_table_options table;
    table.colour = use_colour(outs.data_on_stdout ? 2 : 1, o.color);
    table.cells = parse_cell_value(o.cells);
    table.list_only = o.table == "list";
    print_run_tables(tables, p, table);
    print_layout_table(tables, p);
    print_best_configs(tables, p, table.colour);
    if (!recorded_pairs(p).empty()) {
        tables
            << "\nduet: the verdict is compare's, each launch beside its neighbours and each A/A "
               "control first: gpu-reduce-prof compare "
            << where(outs.store.out()) << '\n';
    }
    const auto n = count_outcomes(p);
    print_failures(p);
    print_warnings(n, o);
    std::cerr << (p.complete ? "" : "interrupted: ") << "profile written to "
              << where(outs.store.out()) << " (" << p.cases.size() << " cases"
              << (n.wrong ? ", " + std::to_string(n.wrong) + " WRONG" : "")
              << (n.implausible ? ", " + std::to_string(n.implausible) + " IMPLAUSIBLE" : "")
              << (n.failed ? ", " + std::to_string(n.failed) + " failed" : "") << ")\n";
    print_time_lines(std::cerr, p, outs.started, o.quiet);
    if (n.measured == 0 && p.complete) {
        std::cerr << nothing_measured_line(p) << '\n';
    }
    return exit_status(p, n);
}

/// The --csv output; none in a part of --runs (the parent writes it).
std::optional<output_file> csv_target(const run_cli_options& o, bool part) {
    if (o.output == "-" && o.csv == "-") {
        throw usage_error("-o - and --csv - would both write to stdout; send one of them to a "
                          "file");
    }
    if (o.csv.empty() || part) {
        return std::nullopt;
    }
    return output_file(o.csv, "CSV", o.force);
}

/// Before any work: no output is an input or another output, and each can be written (an
/// unwritable output fails now, not after the sweep).
void probe_outputs(const run::run_options& opts, const output_file& out,
                   const std::optional<output_file>& csv) {
    std::vector<const output_file*> targets{&out};
    if (csv) {
        targets.push_back(&*csv);
    }
    check_distinct_files(parts::run_input_files(opts), targets);
    for (const auto* t : targets) {
        t->probe();
    }
}

// Before any work: sources read from outside their spec's folder, parts of --runs an earlier run
// left (its parent killed first), the estimate (it lists the devices: after the signal thread).
void print_notes(const run::run_options& opts, const std::string& out, std::size_t runs,
                 bool quiet) {
    for (const auto& line : source_outside_spec(opts.kernels)) {
        std::cerr << "note: " << line << " (allowed: the profile records the path)\n";
    }
    for (const auto& line : params_that_change_nothing(opts.kernels)) {
        std::cerr << "warning: " << line << '\n';
    }
    for (const auto& line : parts::leftover_parts(out)) {
        std::cerr << "note: " << line << '\n';
    }
    print_start_estimate(std::cerr, opts, runs, quiet);
}

// A part of --runs: its inputs checked once more (an edit while it measured is not kept), then
// its profile saved for the parent, which prints the tables (a device's process: saved).
int finish_part(const run_cli_options& o, const run::run_options& opts,
                parts::checkpoint_store& store, const profile& p) {
    if (!o.part.empty()) {
        parts::check_input_digests(o.part_inputs, opts, "while this process measured (not kept)");
    }
    store.save_final(p);
    return exit_status(p, count_outcomes(p));
}

/// What measure_run needs of run_run.
struct run_setup {
    const run_cli_options& o;
    run::run_options& opts;
    bool part;
    std::size_t runs;
    const output_file& out;
    parts::checkpoint_store& store;
    const output_file* csv;
    const sequential_plan& sequential;
    const std::vector<device_info>& parallel; ///< devices measured at once, a process each
};

// The processes of --runs, or of a sequential duet (looks after the third and each later one,
// recorded into the profile).
void measure_parts(const run_setup& r, const run::progress_sink& sink, parts::part_folder& folder,
                   profile& p) {
    parts::parts_plan plan;
    plan.count = r.runs;
    plan.order_seed = r.opts.measure.order_seed;
    plan.inputs = parts::input_digests(r.opts);
    plan.options = &r.opts;
    plan.argv = invocation_argv();
    sequential_looks looks(r.sequential, r.o.quiet);
    if (r.sequential.on) {
        plan.first_look = sequential_first_look;
        plan.look = [&looks](const profile& q, std::size_t k) {
            return looks.look(q, k);
        };
        plan.part_rounds_total = r.opts.measure.rounds;
        plan.points = [&looks] {
            return looks.undecided_points();
        };
    }
    // Every checkpoint carries the looks so far: a second signal writes the last checkpoint,
    // and without the record compare would judge looked-at data as a fixed design (#70).
    run::progress_sink keeping = sink;
    if (r.sequential.on && sink.checkpoint) {
        keeping.checkpoint = [&looks, &sink](const profile& q) {
            profile with_looks = q;
            looks.record(with_looks);
            sink.checkpoint(with_looks);
        };
    }
    try {
        parts::run_parts(plan, folder, keeping, {r.o.quiet, process_time}, p);
    } catch (...) {
        looks.record(p);
        throw;
    }
    looks.record(p);
}

// Measures into `p`: nothing when --resume left nothing to measure, else the processes of
// --runs or this process's sweep. On an error the finished work is saved (save_and_rethrow).
// Returns the folder of the parts, which must live until the profile is written.
std::shared_ptr<parts::part_folder> measure_run(const run_setup& r, const run::progress_sink& sink,
                                                run_progress& progress, profile& p) {
    const bool measure = r.part || resume_preflight(r.opts); // refuses another device (exit 2)
    // The parts of --runs stay until the profile holding them is written (saved() in the hook).
    auto folder = measure && (r.runs > 1 || !r.parallel.empty())
                      ? make_part_folder(r.out.path(), r.store)
                      : nullptr;
    try {
        if (!measure) {
            p.settings = run::settings_json(r.opts); // nothing left to measure: no empty run
        } else if (!r.parallel.empty()) {
            measure_devices(r.parallel, *folder, r.o.quiet, r.opts.measure.order_seed, p);
        } else if (folder) {
            measure_parts(r, sink, *folder, p);
        } else {
            run::run_sweep(r.opts, sink, p);
        }
        with_after_hang(p, r.opts); // what an earlier process of this one finished
    } catch (const std::bad_alloc&) {
        throw; // nothing can be saved without memory
    } catch (const std::exception& e) {
        progress.finish();
        with_after_hang(p, r.opts);
        if (!r.part && r.o.device_child < 0) {
            with_resumed(p, r.opts);
        }
        save_and_rethrow(p, r.store, r.csv, e);
    }
    return folder;
}

// A part of --runs measures its share of the rounds its parent planned (a sequential parent's
// rounds for all the parts it may start), on inputs checked against the parent's.
void narrow_to_part(const run_cli_options& o, run::run_options& opts) {
    if (o.part_rounds > 0) {
        opts.measure.rounds = o.part_rounds;
    }
    opts.only_points.insert(o.part_points.begin(), o.part_points.end());
    parts::apply_part(parse_part(o.part), opts, o.part_peaks);
    parts::check_input_digests(o.part_inputs, opts, "before this process measured");
}

// The internal options of a process of --runs or of -d all's devices need their file.
void check_child_options(const run_cli_options& o) {
    if (!o.part.empty() && o.part_output.empty()) {
        throw usage_error("--part without --part-output: --part is internal to run --runs N, "
                          "which starts N processes and gives each its part and file; use "
                          "--runs");
    }
    if (o.device_child >= 0 && o.part_output.empty()) {
        throw usage_error("--device-child without --part-output: it is internal to run -d all "
                          "(--devices-parallel), which starts a process per device");
    }
}

// The profile this invocation writes: what wrote it, the revision measured, the shard.
profile start_profile(const run_cli_options& o, bool child,
                      const std::optional<run::shard_plan>& shard) {
    profile p;
    run::stamp_profile(p, without_after_hang(invocation_argv()));
    p.runs.front().revision = resolve_revision(o.commit, child ? nullptr : &std::cerr);
    p.runs.front().shard = shard ? std::optional<shard_record>(shard->record) : std::nullopt;
    return p;
}

} // namespace

int run_run(const run_cli_options& o) {
    const auto started = std::chrono::steady_clock::now();
    if (o.list || o.describe || !o.print_spec.empty()) {
        return list_or_describe(o);
    }
    auto opts = to_run_options(o);
    const bool part = !o.part.empty();
    const bool child = part || o.device_child >= 0; // the parent writes the output and tables
    check_child_options(o);
    const auto sequential = part ? sequential_plan{} : plan_sequential(o, opts);
    const std::size_t runs =
        sequential.on ? sequential.budget.max_processes : planned_runs(o, opts); // 1 in a part
    resolve_round_spacing(o, opts, part ? parse_part(o.part).count : runs);
    const auto shard = apply_shard(o, opts);
    if (o.dry_run && !part) {
        return print_dry_run(opts, runs, sequential, shard);
    }
    if (part) {
        narrow_to_part(o, opts);
    }
    const output_file out(child ? o.part_output : (o.output.empty() ? default_output() : o.output),
                          "profile", o.force, /*create_dirs=*/!child);
    const auto csv = csv_target(o, child);
    probe_outputs(opts, out, csv);
    const auto control = child ? nullptr : std::make_unique<run_control>(o, opts); // no thread yet
    auto store =
        std::make_shared<parts::checkpoint_store>( // a part: rescued where the parent looks
            out, part ? parts::part_rescue_path(o.part_output) : std::string());
    run::start_signal_thread([store](int sig) { store->write_and_exit(sig); }, run::stop_grace_s);
    opts.on_hang = continue_after_hang(*store, opts, invocation_argv());
    const auto parallel = parallel_devices(o, opts); // lists devices: after the signal thread
    if (!child) {
        print_notes(opts, out.path(), runs, o.quiet);
    }
    run_progress progress(std::cerr, isatty(2) != 0, o.quiet, use_colour(2, o.color));
    auto sink = make_sink(progress, *store, opts, child ? nullptr : &opts);
    auto p = start_profile(o, child, shard);
    // The parts of --runs stay until the profile holding them is written (saved() in the hook).
    const auto folder =
        measure_run({o, opts, part, runs, out, *store, csv ? &*csv : nullptr, sequential, parallel},
                    sink, progress, p);
    progress.finish();
    if (child) { // the parent prints the tables of all parts, and adds what --resume kept
        return finish_part(o, opts, *store, p);
    }
    with_resumed(p, opts);
    control->finish(p);
    const run_outputs outs{*store, csv ? &*csv : nullptr,
                           out.is_stdout() || (csv && csv->is_stdout()), started};
    return finish_run(p, outs, o);
}

} // namespace grp::cli
