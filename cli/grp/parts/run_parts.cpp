#include "grp/parts/run_parts.hpp"

#include "commands/command.hpp"
#include "grp/parts/part_folder.hpp"
#include "grp/parts/input_digests.hpp"
#include "commands/run/run_processes.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/baseline/merge.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/console/time_summary.hpp"
#include "grp/run/interrupt.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace grp::cli {

namespace {

// Starts this executable with `args` in a process group of its own, so that Ctrl-C reaches
// only this process, which passes it on once (a second copy would make the child stop at
// once). The child ends when this process dies.
pid_t start_child(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (const auto& a : args) {
        argv.push_back(const_cast<char*>(a.c_str()));
    }
    argv.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        throw error(std::string("cannot start a process for --runs: ") + std::strerror(errno),
                    exit_code::internal);
    }
    if (pid == 0) { // only async-signal-safe calls until exec
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) {
            ::_exit(128 + SIGTERM);
        }
        ::execv("/proc/self/exe", argv.data());
        ::_exit(127);
    }
    ::setpgid(pid, pid);                      // also here: whichever runs first
    run::set_follower(static_cast<int>(pid)); // Ctrl-Z, fg and a second signal reach it
    return pid;
}

/// Waits for `pid`, passing a stop request on to it once; returns its wait status.
int wait_child(pid_t pid) {
    bool passed_on = false;
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid) {
            run::set_follower(0);
            return status;
        }
        if (r < 0 && errno != EINTR) {
            throw error(std::string("lost the process of --runs: ") + std::strerror(errno),
                        exit_code::internal);
        }
        if (run::interrupted() && !passed_on) {
            ::kill(pid, run::interrupt_signal());
            passed_on = true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

/// This process's arguments plus the part, where it writes, the invocation's order seed (one for
/// all parts: their rounds continue one seeded sequence) and the first part's peaks.
std::vector<std::string> child_args(std::size_t i, const parts_plan& plan, const std::string& path,
                                    const profile* first) {
    std::vector<std::string> args = invocation_argv();
    args.insert(args.end(),
                {"--part", std::to_string(i) + "/" + std::to_string(plan.count), "--part-output",
                 path, "--order-seed", std::to_string(plan.order_seed)});
    for (const auto& digest : plan.inputs) {
        args.insert(args.end(), {"--part-input", digest});
    }
    for (std::size_t d = 0; first != nullptr && d < first->devices.size(); ++d) {
        if (const auto& peak = first->devices[d].peak; peak && peak->read_median_ns > 0) {
            args.insert(args.end(), {"--part-peak", part_peak_arg(static_cast<int>(d), *peak)});
        }
    }
    return args;
}

// One profile of the finished parts: every case keeps the rounds of every process, tagged
// with its run; the settings say how many processes and rounds there were.
profile merge_parts(const std::vector<std::pair<profile, std::string>>& parts, std::size_t count,
                    std::vector<std::string>& warnings) {
    auto merged = merge_profiles(parts);
    profile p = std::move(merged.merged);
    warnings = std::move(merged.warnings);
    std::uint64_t rounds = 0;
    for (const auto& part : parts) {
        rounds += part.first.settings.value("rounds", std::uint64_t{0});
    }
    p.tool.argv = invocation_argv();
    for (auto& run : p.runs) {
        run.source.clear(); // runs of this invocation; a later merge tags them with its file
    }
    p.settings.erase("merged_from");
    p.settings["rounds"] = rounds;
    p.settings["runs"] = count;
    if (p.complete && parts.size() < count) {
        p.complete = false;
        p.incomplete_reason =
            std::to_string(parts.size()) + " of " + std::to_string(count) + " processes finished";
    }
    return p;
}

// ", about 9 s to go": the processes left, at the mean wall time of the finished ones (the
// first also measured the peak and the host baseline, so this errs long); "" before any.
std::string time_left(const std::vector<std::pair<profile, std::string>>& parts, std::size_t left) {
    double sum = 0;
    std::size_t timed = 0;
    for (const auto& part : parts) {
        if (part.first.runs.size() == 1 && part.first.runs.front().wall_s) {
            sum += *part.first.runs.front().wall_s;
            ++timed;
        }
    }
    if (timed == 0) {
        return "";
    }
    const long s =
        std::max(1L, std::lround(sum / static_cast<double>(timed) * static_cast<double>(left)));
    return ", about " + (s < 60 ? std::to_string(s) + " s" : std::to_string(s / 60) + " min") +
           " to go";
}

// What is kept when the run stops at process `i`: said in every message that stops it, so that
// it is true when nothing finished and when a part was refused.
std::string kept_note(std::size_t finished, const std::string& refused) {
    std::string note = finished == 0
                           ? "no process had finished, so no profile is kept"
                           : "the " + std::to_string(finished) +
                                 " finished process(es) are kept (merged into the profile, "
                                 "marked incomplete)";
    return note + (refused.empty() ? "" : "; " + refused);
}

// What a child's end means for the run: go on (0, 1: wrong results are in its profile, 7),
// stop because of a signal (the profile is marked incomplete), or stop with its error. A
// child killed by a signal it cannot handle (SIGKILL: the out-of-memory killer) exits 10, not
// 128 + N, which would say the parent itself was killed.
void judge_child(int status, std::size_t i, std::size_t count, const std::string& kept) {
    const std::string which = "process " + std::to_string(i) + " of " + std::to_string(count);
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
            run::request_interrupt(sig);
            return;
        }
        throw error(which + " of --runs was killed by " + run::signal_name(sig) + " (signal " +
                        std::to_string(sig) + ")" +
                        (sig == SIGKILL ? " (often the out-of-memory killer: see `dmesg`)" : "") +
                        "; " + kept,
                    exit_code::process_killed);
    }
    const int code = WEXITSTATUS(status);
    if (code == 0 || code == static_cast<int>(exit_code::regression_or_wrong) ||
        code == static_cast<int>(exit_code::nothing_measured)) {
        return;
    }
    if (code > 128 && code < 160) { // it saved its finished rounds and stopped
        if (!run::interrupted()) {
            run::request_interrupt(code - 128);
        }
        return;
    }
    throw error(which + " of --runs stopped with exit status " + std::to_string(code) +
                    " (its message is above); " + kept,
                static_cast<exit_code>(code));
}

// A process that stopped on a bad file may have found the inputs changed: the parent checks
// them on disk itself, so its error (the profile's incomplete_reason) names the files too.
void check_inputs_again(const parts_plan& plan, const std::string& kept) {
    try {
        check_input_digests(plan.inputs, *plan.options, "during the run", true);
    } catch (const error& e) {
        throw error(std::string(e.what()) + "\n" + kept, e.code());
    }
}

// Reads process i's part and merges it into `p`; returns "" or, when the file is there but
// cannot be read or merged, a sentence saying why and where it stays (it is never removed).
std::string take_part(const part_folder& folder, std::size_t i, std::size_t count,
                      std::vector<std::pair<profile, std::string>>& parts,
                      std::vector<std::string>& warnings, profile& p) {
    const std::string path = folder.file(i);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        return "";
    }
    try {
        parts.emplace_back(load_profile(path), "process " + std::to_string(i));
        p = merge_parts(parts, count, warnings);
        return "";
    } catch (const error& e) {
        if (!parts.empty() && parts.back().second == "process " + std::to_string(i)) {
            parts.pop_back(); // read, but refused by the merge; `p` is still the earlier merge
        }
        return "the part of process " + std::to_string(i) + " could not be read (" +
               terminal_escape(e.what(), true) + ") and stays at " + terminal_escape(path);
    }
}

} // namespace

run_part parse_part(const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos) {
        throw usage_error("--part takes I/K, got '" + terminal_escape(text) + "'");
    }
    run_part part;
    part.index = parse_small_count(text.substr(0, slash), "--part");
    part.count = parse_small_count(text.substr(slash + 1), "--part");
    if (part.index > part.count) {
        throw usage_error("--part " + terminal_escape(text) + ": I must be at most K");
    }
    return part;
}

std::map<int, peak_bandwidth> parse_part_peaks(const std::vector<std::string>& texts) {
    std::map<int, peak_bandwidth> out;
    for (const auto& t : texts) {
        const auto a = t.find('|'), b = t.find('|', a + 1), c = t.find('|', b + 1);
        if (a == std::string::npos || b == std::string::npos || c == std::string::npos) {
            throw usage_error("--part-peak takes DEVICE|BYTES|READ_MEDIAN_NS|SHAPE, got '" +
                              terminal_escape(t) + "'");
        }
        peak_bandwidth p;
        const auto device = parse_count(t.substr(0, a), "--part-peak device");
        p.bytes = parse_count(t.substr(a + 1, b - a - 1), "--part-peak bytes");
        char* end = nullptr;
        const std::string median = t.substr(b + 1, c - b - 1);
        p.read_median_ns = std::strtod(median.c_str(), &end);
        if (end != median.c_str() + median.size() || !(p.read_median_ns > 0) || p.bytes == 0 ||
            device > 1000) {
            throw usage_error("--part-peak: '" + terminal_escape(t) +
                              "' has no positive median or a device index over 1000");
        }
        p.read_gbps = static_cast<double>(p.bytes) / p.read_median_ns;
        p.read_shape = t.substr(c + 1);
        out[static_cast<int>(device)] = p;
    }
    return out;
}

std::string part_peak_arg(int index, const peak_bandwidth& p) {
    char median[64];
    std::snprintf(median, sizeof median, "%.17g", p.read_median_ns);
    return std::to_string(index) + "|" + std::to_string(p.bytes) + "|" + median + "|" +
           p.read_shape;
}

void apply_part(const run_part& part, run::run_options& r, const std::vector<std::string>& peaks) {
    const std::uint64_t total = r.measure.rounds;
    const std::uint64_t share = total / part.count + (part.index <= total % part.count ? 1 : 0);
    if (share == 0) {
        throw usage_error("--part " + std::to_string(part.index) + "/" +
                          std::to_string(part.count) + " has no round of " + std::to_string(total));
    }
    std::uint64_t before = 0; // rounds of the earlier parts: the CPU rotation goes on from there
    for (std::size_t i = 1; i < part.index; ++i) {
        before += total / part.count + (i <= total % part.count ? 1 : 0);
    }
    r.measure.first_round = before;
    r.measure.rounds = share;
    r.measure.extra_rounds = (r.measure.extra_rounds + part.count - 1) / part.count;
    r.measure.max_time_s *= static_cast<double>(share) / static_cast<double>(total);
    if (part.index > 1) {
        r.measure_peak = false;
        r.known_peaks = parse_part_peaks(peaks);
        r.host_repeats = 0;
        r.exact_check = false; // the first process checked every case exactly
        r.scenarios.clear();
    }
}

void run_parts(const parts_plan& plan, part_folder& folder, const run::progress_sink& progress,
               bool quiet, profile& p) {
    std::vector<std::pair<profile, std::string>> parts;
    std::vector<std::string> warnings;
    std::size_t i = 1;
    for (; i <= plan.count && !run::interrupted(); ++i) {
        if (!quiet) {
            std::cerr << "run " << i << " of " << plan.count
                      << " (a process of its own, so that compare sees the run-to-run spread; "
                         "--runs)"
                      << time_left(parts, plan.count - i + 1) << "\n";
        }
        const int status = wait_child(start_child(
            child_args(i, plan, folder.file(i), parts.empty() ? nullptr : &parts.front().first)));
        const std::size_t before = parts.size();
        const std::string refused = take_part(folder, i, plan.count, parts, warnings, p);
        if (parts.size() > before) {
            if (const auto& runs = parts.back().first.runs; !quiet && runs.size() == 1) {
                std::cerr << "  " << process_time(runs.front(), i, plan.count) << '\n';
            }
            if (progress.checkpoint) {
                progress.checkpoint(p);
            }
            folder.merged(i); // after the checkpoint: a second signal's save holds it
        }
        if (plan.options != nullptr && WIFEXITED(status) &&
            WEXITSTATUS(status) == static_cast<int>(exit_code::bad_file)) {
            check_inputs_again(plan, kept_note(parts.size(), refused));
        }
        judge_child(status, i, plan.count, kept_note(parts.size(), refused));
        if (!refused.empty()) {
            throw file_error(refused + "; " + kept_note(parts.size(), ""));
        }
    }
    for (const auto& w : warnings) {
        std::cerr << "warning: " << terminal_escape(w) << '\n';
    }
    if (run::interrupted() && parts.empty()) { // no empty profile, no empty folder
        const int sig = run::interrupt_signal();
        throw error(std::string("interrupted by ") + run::signal_name(sig) + " in process " +
                        std::to_string(i - 1) + " of " + std::to_string(plan.count) +
                        " before any process finished: no profile is written",
                    static_cast<exit_code>(128 + sig));
    }
    if (run::interrupted()) {
        p.complete = false;
        p.incomplete_reason = std::string("interrupted by ") +
                              run::signal_name(run::interrupt_signal()) + " in process " +
                              std::to_string(i - 1) + " of " + std::to_string(plan.count);
    }
}

} // namespace grp::cli
