#include "commands/run/run_once.hpp"

#include "commands/run/run_outcome.hpp"
#include "grp/core/error.hpp"
#include "grp/core/strings.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/run/runner.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <set>

namespace grp::cli {

namespace {

// What --once keeps of run's options: the selection (what runs, where, on which data) and how
// the lines are printed. Every other option times, repeats or writes something; a new option
// is refused until it is added here.
const std::set<std::string>& once_allowed_options() {
    static const std::set<std::string> allowed{
        "--once",       "--kernel",    "--local-size", "--size",   "--type",
        "--layout",     "--op",        "--data",       "--seed",   "--param",
        "--search",     "--max-cases", "--wg-limit",   "--device", "--cl-options",
        "--keep-going", "--no-peak",   "--color",      "--quiet"};
    return allowed;
}

// The first line of a reason (a build log follows it; print_failures shows more).
std::string once_reason_line(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

std::string once_status_word(case_status s) {
    switch (s) {
    case case_status::ok:
        return "ok";
    case case_status::wrong:
        return "WRONG";
    default:
        return to_string(s);
    }
}

void print_once_lines(const profile& p) {
    for (const auto& c : p.cases) {
        std::cout << std::left << std::setw(8) << once_status_word(c.status)
                  << terminal_escape(c.key.to_string());
        if (c.status != case_status::ok && !c.reason.empty()) {
            std::cout << ": " << terminal_escape(once_reason_line(c.reason));
        }
        std::cout << '\n';
    }
}

} // namespace

std::vector<std::string> once_refusals(const CLI::App& sub) {
    std::vector<std::string> refused;
    const auto* once = sub.get_option_no_throw("--once");
    if (once == nullptr || once->count() == 0) {
        return refused;
    }
    for (const auto* opt : sub.get_options()) {
        const auto name = opt->get_name();
        if (opt->count() > 0 && once_allowed_options().count(name) == 0) {
            refused.push_back(name);
        }
    }
    return refused;
}

int run_once(const run_cli_options& o, const std::vector<std::string>& refused) {
    if (!refused.empty()) {
        throw usage_error(
            "run --once launches each case once and times nothing: " + joined(refused, ", ") +
            " cannot apply to it (no rounds, processes, duet, budget, samples, "
            "scenarios or files). Drop " +
            (refused.size() == 1 ? "it" : "them") + ", or leave out --once to time the cases");
    }
    run_cli_options r = o;
    r.no_peak = true;
    r.host_repeats = 0;
    r.cache = "warm"; // no flush: a profiler controls the caches itself (ncu --cache-control)
    auto opts = to_run_options(r);
    if (opts.search.what == search_options::kind::halving) {
        throw usage_error("run --once launches each case once: --search halving times rounds to "
                          "choose its survivors; use exhaustive or random:N with --once");
    }
    opts.once = true;
    profile p;
    run::progress_sink sink;
    sink.device_failed = [](const device_info& d, const std::string& why) {
        std::cerr << "error: " << terminal_escape(d.name) << " failed: " << terminal_escape(why)
                  << "\n";
    };
    run::run_sweep(opts, sink, p);
    print_once_lines(p);
    print_failures(p);
    const auto n = count_outcomes(p);
    const auto launched = static_cast<std::size_t>(
        std::count_if(p.cases.begin(), p.cases.end(), [](const case_result& c) {
            return c.status == case_status::ok || c.status == case_status::wrong;
        }));
    std::cerr << "run --once: " << launched << " of " << p.cases.size()
              << " case(s) launched once and verified"
              << (n.wrong != 0 ? ", " + std::to_string(n.wrong) + " WRONG" : "")
              << (n.failed != 0 ? ", " + std::to_string(n.failed) + " failed" : "")
              << "; nothing timed, no profile written\n";
    if (n.wrong + n.failed > 0) {
        return static_cast<int>(exit_code::regression_or_wrong);
    }
    return launched == 0 ? static_cast<int>(exit_code::nothing_measured) : 0;
}

} // namespace grp::cli
