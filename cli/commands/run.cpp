// `gpu-reduce-prof run`: sweeps kernels x local sizes x sizes x types x layouts on one or more
// devices, verifies every result, times every launch with OpenCL events in interleaved rounds
// and writes a profile. Finished work is saved on every way out: the end, a signal, a build or
// spec error, an OpenCL error.
#include "commands/run.hpp"

#include "commands/command.hpp"
#include "commands/run_list.hpp"
#include "commands/run_parts.hpp"
#include "commands/run_plan.hpp"
#include "commands/run_resume.hpp"
#include "grp/core/files/output_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
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
#include <mutex>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace grp::cli {

namespace {

namespace fs = std::filesystem;

// Never lose a finished run: when the named output cannot be written at the end (its folder
// was removed or made read-only, the disk filled up, another process created the file), the
// profile goes to a new file beside it, else in the temp folder; the error then says where.
// Returns that file's path, or "" when no place could be written.
std::string write_rescue_file(const std::string& text, const std::string& out) {
    const fs::path target(out);
    const char* tmpdir = std::getenv("TMPDIR");
    std::vector<fs::path> dirs;
    std::error_code ec;
    // Beside a regular file; never in /dev beside a device the user named.
    if (!fs::exists(target, ec) || fs::is_regular_file(target, ec)) {
        dirs.push_back(target.has_parent_path() ? target.parent_path() : fs::path("."));
    }
    dirs.emplace_back(tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp");
    for (const auto& dir : dirs) {
        std::string name = (dir / "gpu-reduce-prof-rescued-XXXXXX.json").string();
        const int fd = ::mkstemps(name.data(), 5); // O_EXCL: a fresh file, never a symlink
        if (fd < 0) {
            continue;
        }
        std::size_t done = 0;
        while (done < text.size()) {
            const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
            if (n <= 0 && errno != EINTR) {
                break;
            }
            done += n > 0 ? static_cast<std::size_t>(n) : 0;
        }
        if (::close(fd) == 0 && done == text.size()) {
            return name;
        }
        ::unlink(name.c_str());
    }
    return "";
}

/// Writes the profile to `out`, or, when that fails, to a rescue file; then rethrows the
/// write error (its exit code) with the rescue file named.
void save_or_rescue(const profile& p, const output_file& out) {
    const std::string text = profile_text(p);
    try {
        out.write(text);
    } catch (const error& e) {
        const std::string rescued = write_rescue_file(text, out.path());
        throw error(std::string(e.what()) +
                        (rescued.empty() ? "\nthe profile could not be saved anywhere"
                                         : "\nthe profile (" + std::to_string(p.cases.size()) +
                                               " cases) was saved to " + rescued + " instead"),
                    e.code());
    }
}

// The last checkpoint of the profile, written by the signal thread when a second signal says
// "stop now" while a kernel is still running. The final save goes through here too, under the
// same lock: a second signal during it waits for it and never replaces the finished profile
// with an older checkpoint.
class checkpoint_store {
public:
    explicit checkpoint_store(output_file out) : m_out(std::move(out)) {}
    [[nodiscard]] const output_file& out() const { return m_out; }
    /// Writes the finished (or cut short) profile: the run's last word on the file.
    void save_final(const profile& p) {
        std::lock_guard<std::mutex> lock(m_mutex);
        save_or_rescue(p, m_out);
        m_final_saved = true;
    }
    void update(profile p) {
        p.complete = false;
        p.incomplete_reason = "stopped by a second signal during a launch; the cases finished "
                              "up to the last round are kept";
        std::lock_guard<std::mutex> lock(m_mutex);
        m_profile = std::move(p);
        m_has = true;
    }
    [[noreturn]] void write_and_exit(int sig) {
        std::lock_guard<std::mutex> lock(m_mutex);
        const char* name = run::signal_name(sig);
        try {
            if (m_final_saved) {
                std::cerr << "\nstopped by a second " << name << " after the profile was saved to "
                          << terminal_escape(m_out.path()) << '\n';
            } else if (m_has) {
                save_or_rescue(m_profile, m_out);
                std::cerr << "\nstopped by a second " << name << ": finished rounds saved to "
                          << terminal_escape(m_out.path()) << '\n';
            } else {
                std::cerr << "\nstopped by a second " << name
                          << " before any case finished; nothing written\n";
            }
        } catch (const std::exception& e) {
            std::cerr << "\nstopped; " << terminal_escape(e.what(), true) << '\n';
        }
        std::cerr.flush();
        _exit(128 + sig);
    }

private:
    output_file m_out;
    std::mutex m_mutex;
    profile m_profile;
    bool m_has = false;
    bool m_final_saved = false;
};

// `resumed`: the options of a --resume run's own process, whose checkpoints hold the union (a
// second signal must never write a profile without the resumed cases); null in a part.
run::progress_sink make_sink(run_progress& progress, checkpoint_store& store,
                             const run::run_options* resumed) {
    run::progress_sink sink;
    sink.device_started = [&](const device_info& d, std::size_t n) {
        progress.device_started(d, n);
    };
    sink.peak_measured = [&](const device_info&, const peak_bandwidth& p) {
        progress.peak_measured(p);
    };
    sink.phase = [&](const std::string& name, std::size_t done, std::size_t total) {
        progress.phase(name, done, total);
    };
    sink.case_finished = [&](std::size_t i, std::size_t n, const case_result& r) {
        progress.case_finished(i, n, r);
    };
    sink.checkpoint = [&store, resumed](const profile& p) {
        if (resumed == nullptr || !resumed->resume) {
            store.update(p);
            return;
        }
        profile u = p;
        with_resumed(u, *resumed, false);
        store.update(std::move(u));
    };
    return sink;
}

struct outcome_counts {
    std::size_t wrong = 0, failed = 0, noisy = 0, measured = 0, above_peak = 0;
};

outcome_counts count_outcomes(const profile& p) {
    outcome_counts n;
    for (const auto& c : p.cases) {
        n.wrong += c.status == case_status::wrong ? 1 : 0;
        n.failed += c.status == case_status::failed ? 1 : 0;
        n.noisy += c.status == case_status::ok && !c.noise_target_met ? 1 : 0;
        n.measured += !c.samples_ns.empty() || c.status == case_status::wrong ? 1 : 0;
        n.above_peak += c.above_peak ? 1 : 0;
    }
    return n;
}

// A kernel that failed to build (--keep-going) shows the start of its log here, not only in
// the profile.
void print_failures(const profile& p) {
    for (const auto& c : p.cases) {
        if (c.status != case_status::failed) {
            continue;
        }
        std::cerr << "failed: " << c.key.to_string() << ":\n";
        std::istringstream lines(c.reason);
        std::string line;
        for (int i = 0; i < 12 && std::getline(lines, line); ++i) {
            std::cerr << "  " << line << '\n';
        }
        if (std::getline(lines, line)) {
            std::cerr << "  ... (the whole log is in the profile's reason)\n";
        }
    }
}

void print_warnings(const outcome_counts& n, const run_cli_options& o) {
    if (n.noisy != 0) {
        std::cerr << "warning: " << n.noisy << " case(s) had rounds that never reached the noise "
                  << "target (relative standard error of a round's median <= " << o.max_noise_pct
                  << "%); they are marked (noisy). compare judges them on their rounds anyway.\n";
    }
    if (n.above_peak != 0) {
        std::cerr << "warning: " << n.above_peak << " case(s) ran above 105% of the measured "
                  << "peak (marked >peak): cache-resident input or a wrong peak; try a larger "
                  << "-n\n";
    }
}

// The exit status: the signal's, nothing measured (7), wrong or failed (1), else 0.
int exit_status(const profile& p, const outcome_counts& n) {
    if (!p.complete && run::interrupt_signal() != 0) {
        return 128 + run::interrupt_signal();
    }
    if (n.wrong + n.failed > 0) {
        return static_cast<int>(exit_code::regression_or_wrong);
    }
    if (n.measured == 0) {
        return static_cast<int>(exit_code::nothing_measured);
    }
    return 0;
}

// Saves the finished work of a run cut short by `e` (a build or spec error, an OpenCL error,
// a bug), then lets `e` set the exit status.
// The --csv file, when asked for, holds the same cases as the profile.
[[noreturn]] void save_and_rethrow(profile& p, checkpoint_store& store, const output_file* csv,
                                   const std::exception& e) {
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
    checkpoint_store& store;
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
    const auto n = count_outcomes(p);
    print_failures(p);
    print_warnings(n, o);
    std::cerr << (p.complete ? "" : "interrupted: ") << "profile written to "
              << where(outs.store.out()) << " (" << p.cases.size() << " cases"
              << (n.wrong ? ", " + std::to_string(n.wrong) + " WRONG" : "")
              << (n.failed ? ", " + std::to_string(n.failed) + " failed" : "") << ")\n";
    print_time_lines(std::cerr, p, outs.started, o.quiet);
    if (n.measured == 0 && p.complete) {
        std::cerr << "error: nothing was measured: every case was skipped (reasons above). "
                     "Check -k, -l, -n and -t against what the kernels and device allow.\n";
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
    check_distinct_files(run_input_files(opts), targets);
    for (const auto* t : targets) {
        t->probe();
    }
}

} // namespace

int run_run(const run_cli_options& o) {
    const auto started = std::chrono::steady_clock::now();
    if (o.list) {
        list_kernels();
        return 0;
    }
    if (o.describe) {
        print_run_legend(std::cout); // no sweep, no OpenCL: the explanation alone
        return 0;
    }
    auto opts = to_run_options(o);
    if (o.dry_run && o.part.empty()) {
        print_run_plan(std::cout, opts, planned_runs(o, opts));
        return 0;
    }
    const bool part = !o.part.empty();
    if (part) {
        apply_part(parse_part(o.part), opts, o.part_peaks);
    }
    const output_file out(part ? o.part_output : (o.output.empty() ? default_output() : o.output),
                          "profile", o.force || part, /*create_dirs=*/!part);
    const auto csv = csv_target(o, part);
    probe_outputs(opts, out, csv);
    for (const auto& line : part ? std::vector<std::string>{} : source_outside_spec(opts.kernels)) {
        std::cerr << "note: " << line << " (allowed: the profile records the path)\n";
    }
    auto store = std::make_shared<checkpoint_store>(out);
    run::start_signal_thread([store](int sig) { store->write_and_exit(sig); });
    const std::size_t runs = planned_runs(o, opts);
    run_progress progress(std::cerr, isatty(2) != 0, o.quiet, use_colour(2, o.color));
    auto sink = make_sink(progress, *store, part ? nullptr : &opts);
    profile p;
    run::stamp_profile(p, invocation_argv());
    const bool measure = part || resume_preflight(opts); // refuses another device (exit 2)
    try {
        if (!measure) {
            p.settings = run::settings_json(opts); // nothing left to measure: no empty run
        } else if (runs > 1) {
            run_parts(runs, opts.measure.order_seed, sink, o.quiet, p);
        } else {
            run::run_sweep(opts, sink, p);
        }
    } catch (const std::bad_alloc&) {
        throw; // nothing can be saved without memory
    } catch (const std::exception& e) {
        progress.finish();
        if (!part) {
            with_resumed(p, opts);
        }
        save_and_rethrow(p, *store, csv ? &*csv : nullptr, e);
    }
    progress.finish();
    if (part) { // the parent prints the tables of all parts, and adds what --resume kept
        store->save_final(p);
        return exit_status(p, count_outcomes(p));
    }
    with_resumed(p, opts);
    const run_outputs outs{*store, csv ? &*csv : nullptr,
                           out.is_stdout() || (csv && csv->is_stdout()), started};
    return finish_run(p, outs, o);
}

} // namespace grp::cli
