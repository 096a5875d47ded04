#include "commands/run/run_outcome.hpp"

#include "commands/command.hpp"
#include "grp/core/strings.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/compare/options.hpp"
#include "grp/report/views/round_basis.hpp"
#include "grp/run/interrupt.hpp"

#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace grp::cli {

outcome_counts count_outcomes(const profile& p) {
    outcome_counts n;
    for (const auto& c : p.cases) {
        n.wrong += c.status == case_status::wrong ? 1 : 0;
        n.implausible += c.status == case_status::implausible ? 1 : 0;
        n.failed += c.status == case_status::failed ? 1 : 0;
        n.noisy += c.status == case_status::ok && !c.noise_target_met ? 1 : 0;
        n.measured += !c.samples_ns.empty() || c.status == case_status::wrong ? 1 : 0;
        n.above_peak += c.above_peak ? 1 : 0;
    }
    for (const auto& d : p.devices) {
        n.failed += d.failure.empty() ? 0 : 1;
    }
    std::set<int> devices;
    for (const auto& c : p.cases) {
        devices.insert(c.device);
    }
    for (const int d : devices) {
        for (const auto& s : rounds_set_aside(p, d)) {
            n.noisy_unjudged +=
                !s.c->noise_target_met && s.kept < compare_options{}.min_rounds ? 1 : 0;
        }
    }
    return n;
}

void print_failures(const profile& p) {
    for (const auto& d : p.devices) {
        if (!d.failure.empty()) {
            std::cerr << "failed: device " << terminal_escape(d.info.name) << ": "
                      << terminal_escape(d.failure) << '\n';
        }
    }
    for (const auto& c : p.cases) {
        if (c.status == case_status::ok && c.samples_ns.empty() && !c.flags.empty()) {
            std::cerr << "unmeasured: " << c.key.to_string() << ": every timestamp flagged ("
                      << terminal_escape(joined(c.flags, "; ")) << ")\n";
        }
        if (c.status == case_status::implausible) {
            std::cerr << "implausible: " << c.key.to_string() << ": " << terminal_escape(c.reason)
                      << '\n';
        }
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
        // Noise within rounds does not keep compare from judging; too few undisturbed rounds
        // does, and the list under the tables says so: one statement, never both (#71).
        const auto judged = n.noisy - n.noisy_unjudged;
        std::cerr << "warning: " << n.noisy << " case(s) had rounds that never reached the noise "
                  << "target (relative standard error of a round's median <= " << o.max_noise_pct
                  << "%); they are marked (noisy). "
                  << (n.noisy_unjudged == 0 ? "compare judges them by their rounds all the same "
                                              "(noise widens an interval; it hides no change).\n"
                      : judged == 0 ? "compare judges none of them: too few of their rounds were "
                                      "undisturbed (listed above).\n"
                                    : "compare judges " + std::to_string(judged) +
                                          " of them by their rounds all the same; the other " +
                                          std::to_string(n.noisy_unjudged) +
                                          " have too few undisturbed rounds (listed above).\n");
    }
    if (n.above_peak != 0) {
        std::cerr << "warning: " << n.above_peak << " case(s) ran above 105% of the measured "
                  << "peak (marked >peak): cache-resident input or a wrong peak; try a larger "
                  << "-n\n";
    }
}

std::string nothing_measured_line(const profile& p) {
    std::size_t skipped = 0, failed = 0, wrong = 0, flagged = 0;
    for (const auto& c : p.cases) {
        skipped += c.status == case_status::skipped ? 1 : 0;
        failed += c.status == case_status::failed ? 1 : 0;
        wrong += c.status == case_status::wrong ? 1 : 0;
        flagged += c.status == case_status::ok && c.samples_ns.empty() ? 1 : 0;
    }
    if (skipped == p.cases.size()) {
        return "error: nothing was measured: every case was skipped (reasons above). Check -k, "
               "-l, -n and -t against what the kernels and device allow.";
    }
    std::vector<std::string> parts;
    const std::pair<std::size_t, const char*> kinds[] = {
        {skipped, "skipped"},
        {failed, "failed"},
        {wrong, "wrong"},
        {flagged, "with every timestamp flagged (the unmeasured lines above say why)"}};
    for (const auto& [count, what] : kinds) {
        if (count != 0) {
            parts.push_back(std::to_string(count) + " " + what);
        }
    }
    return "error: nothing was measured: no case has a timed sample (" + joined(parts, ", ") +
           "; reasons above).";
}

int exit_status(const profile& p, const outcome_counts& n) {
    if (!p.complete && run::interrupt_signal() != 0) {
        return 128 + run::interrupt_signal();
    }
    if (n.wrong + n.failed + n.implausible > 0) {
        return static_cast<int>(exit_code::regression_or_wrong);
    }
    if (n.measured == 0) {
        return static_cast<int>(exit_code::nothing_measured);
    }
    return 0;
}

} // namespace grp::cli
