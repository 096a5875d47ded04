#include "commands/run/run_sequential.hpp"

#include "commands/run/run_processes.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/model/compare/duet_judge.hpp"
#include "grp/model/compare/options.hpp"
#include "grp/model/spec/kernel_spec.hpp"
#include "grp/ocl/enumerate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>

namespace grp::cli {

namespace {

[[noreturn]] void bad_budget(const std::string& text) {
    throw usage_error("--budget takes PROCESSES (3 to 100), SECONDS with a unit (90s, 3min) or "
                      "both (12,180s), got '" +
                      terminal_escape(text) + "'");
}

/// "90s", "3min", "1.5min": seconds, or nothing when `t` has no time unit.
std::optional<double> seconds_of(const std::string& t, const std::string& whole) {
    const bool minutes = t.size() > 3 && t.compare(t.size() - 3, 3, "min") == 0;
    const bool seconds = !minutes && t.size() > 1 && t.back() == 's';
    if (!minutes && !seconds) {
        return std::nullopt;
    }
    const std::string number = t.substr(0, t.size() - (minutes ? 3 : 1));
    char* end = nullptr;
    const double v = std::strtod(number.c_str(), &end);
    if (end != number.c_str() + number.size() || !std::isfinite(v) || v <= 0 || v > 86400) {
        bad_budget(whole);
    }
    return minutes ? v * 60 : v;
}

/// Whether every device the run selects is a CPU (false when none can be listed: the run then
/// says why itself).
bool cpu_devices_only(const run::run_options& opts) {
    try {
        const auto devices = ocl::select(opts.devices, /*probe=*/false);
        return !devices.empty() &&
               std::all_of(devices.begin(), devices.end(), [](const ocl::device_handle& h) {
                   return device_class(h.info.type) == "cpu";
               });
    } catch (const error&) {
        return false;
    }
}

/// The sweep points of the candidates' cases `judged` left inconclusive (a control's matter
/// only through them: undecided_cases), each once, in the order met.
std::vector<std::string> inconclusive_points(const std::vector<comparison>& judged) {
    std::vector<std::string> out;
    for (const auto& c : judged) {
        for (const auto& k : c.cases) {
            if (!c.control && k.outcome == verdict::inconclusive &&
                std::find(out.begin(), out.end(), point_text(k.key)) == out.end()) {
                out.push_back(point_text(k.key));
            }
        }
    }
    return out;
}

} // namespace

std::string sequential_looks::look_text(std::size_t undecided, std::size_t processes,
                                        const std::string& stop) const {
    if (undecided == 0) {
        return "every candidate case decided, stopping";
    }
    const std::string head = std::to_string(undecided) + " case(s) inconclusive, ";
    if (stop.empty()) {
        return head + "adding a process for the " + std::to_string(points_.size()) +
               " sweep point(s) still undecided (at most " +
               std::to_string(plan_.budget.max_processes) + " processes, --budget)";
    }
    if (processes >= plan_.budget.max_processes) {
        return head + "the budget's last process (--budget)";
    }
    return head + "stopping: another process would pass --budget's " +
           format_seconds(plan_.budget.max_seconds);
}

run_budget default_budget(bool cpu_devices_only) {
    run_budget b;
    if (cpu_devices_only) {
        b.max_processes = default_cpu_budget_processes;
        b.max_seconds = default_cpu_budget_seconds;
    }
    return b;
}

run_budget parse_budget(const std::string& text) {
    run_budget b;
    bool processes = false, seconds = false;
    std::string rest = text + ",";
    for (std::size_t at = 0, comma; (comma = rest.find(',', at)) != std::string::npos;
         at = comma + 1) {
        const std::string t = rest.substr(at, comma - at);
        if (const auto s = seconds_of(t, text); s && !seconds) {
            b.max_seconds = *s;
            seconds = true;
        } else if (!s && !processes && !t.empty() &&
                   t.find_first_not_of("0123456789") == std::string::npos) {
            b.max_processes = parse_small_count(t, "--budget");
            processes = true;
        } else {
            bad_budget(text);
        }
    }
    if (b.max_processes < sequential_first_look) {
        throw usage_error("--budget " + terminal_escape(text) +
                          ": a sequential duet looks first "
                          "after 3 processes; give 3 or more (or --runs N for a fixed count)");
    }
    return b;
}

sequential_plan plan_sequential(const run_cli_options& o, run::run_options& opts) {
    sequential_plan plan;
    const bool duet = !o.duet.empty();
    if (!o.budget.empty() && (!duet || o.runs != "auto" || !o.resume.empty())) {
        throw usage_error("--budget caps a sequential duet (run --duet, which adds processes "
                          "until decided): give it with --duet, and without --runs (a fixed "
                          "count) or --resume");
    }
    if (o.one_sided && (!duet || o.runs != "auto" || !o.resume.empty())) {
        throw usage_error("--one-sided stops a sequential duet (run --duet, which adds processes "
                          "until decided): give it with --duet, and without --runs or --resume");
    }
    if (o.duet_alpha > 0 && !duet) {
        throw usage_error("--alpha is a duet's false-alarm rate: give it with --duet");
    }
    if (!duet || o.runs != "auto" || !o.resume.empty() || !o.part.empty() ||
        o.search.rfind("halving", 0) == 0) {
        return plan;
    }
    plan.on = true;
    plan.alpha = o.duet_alpha > 0 ? o.duet_alpha : plan.alpha;
    plan.one_sided = o.one_sided;
    plan.budget =
        o.budget.empty() ? default_budget(cpu_devices_only(opts)) : parse_budget(o.budget);
    plan.rounds_per_process =
        (opts.measure.rounds + sequential_first_look - 1) / sequential_first_look;
    opts.measure.rounds = plan.rounds_per_process * plan.budget.max_processes;
    return plan;
}

void print_sequential_plan(std::ostream& os, const sequential_plan& plan) {
    if (!plan.on) {
        return;
    }
    os << "  sequential duet: " << sequential_first_look << " to " << plan.budget.max_processes
       << " processes of " << plan.rounds_per_process << " rounds each"
       << (plan.budget.max_seconds > 0 ? ", at most " + format_seconds(plan.budget.max_seconds)
                                       : std::string())
       << "; it stops at the first look (after process 3, 4, ...) where every candidate case is "
       << (plan.one_sided ? "decided or not slower (--one-sided), " : "decided, ")
       << (plan.budget.max_seconds > 0
               ? "so it takes at most the estimate above or the time cap, whichever is less "
                 "(--budget)\n"
               : "so the estimate above is its most (--budget)\n");
}

sequential_looks::sequential_looks(const sequential_plan& plan, bool quiet)
    : plan_(plan), quiet_(quiet), started_(std::chrono::steady_clock::now()) {
    design_.max_processes = plan.budget.max_processes;
    design_.alpha = plan.alpha;
    design_.stopped = "interrupted"; // until a look says otherwise
}

bool sequential_looks::look(const profile& p, std::size_t processes) {
    if (measured_processes(p) < processes) {
        return false; // process `processes` merged no round: no new evidence, no look
    }
    design_.looks.push_back(processes);
    compare_options opt = same_round_options(); // as compare DUET.json judges it
    opt.alpha = design_.alpha;
    opt.sequential = design_;
    const auto judged = judge_duet(p, recorded_pairs(p), opt, "run");
    const auto one_sided = plan_.one_sided ? std::optional<double>(opt.threshold) : std::nullopt;
    const std::size_t undecided = undecided_cases(judged, one_sided);
    // A point that reads not slower is still measured while others are undecided: compare
    // judges every point at the last look's level, so each must have that look's data.
    points_ = inconclusive_points(judged);
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    const std::string stop = stop_reason(undecided, processes, plan_.budget.max_processes, elapsed,
                                         plan_.budget.max_seconds);
    design_.stopped = stop.empty() ? "interrupted" : stop; // "interrupted" until the next look
    if (!quiet_) {
        std::cerr << "look " << design_.looks.size() << " after " << processes
                  << " processes (false-alarm budget spent: " << format_fixed(design_.spent(), 4)
                  << " of " << format_fixed(design_.alpha, design_.alpha >= 0.01 ? 2 : 4)
                  << "): " << look_text(undecided, processes, stop) << '\n';
    }
    return !stop.empty();
}

void sequential_looks::record(profile& p) const {
    if (design_.looks.empty()) {
        return; // no look was taken: the processes merged are judged as a fixed design
    }
    sequential_design d = design_;
    // Only processes that measured: one cut short as it started merges a run without rounds,
    // and a look there would judge the earlier data at a later look's level (#70).
    const std::size_t processes = measured_processes(p);
    if (processes > d.looks.back() && processes <= d.max_processes) {
        d.looks.push_back(processes); // merged after the last look: judged as a look of its own
        d.stopped = "interrupted";
    }
    p.settings["sequential"] = to_json(d);
}

} // namespace grp::cli
