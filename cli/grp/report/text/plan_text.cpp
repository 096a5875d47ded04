#include "grp/report/text/plan_text.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/model/compare/sequential_design.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace grp {

namespace {

std::string pct(double log_value) {
    char buf[32];
    const double p = std::expm1(std::fabs(log_value)) * 100;
    std::snprintf(buf, sizeof buf, p < 1 ? "%.2f %%" : "%.1f %%", p);
    return buf;
}

std::string count(double n) {
    return std::to_string(static_cast<long long>(std::ceil(n)));
}

/// "14 processes decide at 90 % power" or "rounds alone cannot decide".
std::string option_text(const decision_option& o) {
    if (!o.needed) {
        return o.level + " alone cannot decide";
    }
    const std::string unit = o.level == "rounds"      ? " rounds per process"
                             : o.level == "processes" ? " processes"
                                                      : " invocations pooled";
    return count(*o.needed) + unit;
}

} // namespace

std::string plan_line(const case_comparison& cc, double threshold) {
    if (!cc.plan) {
        return "";
    }
    const auto& p = *cc.plan;
    std::string out = "resolves +-" + pct(p.resolution) + " now; deciding needs +-" +
                      pct(p.needed) + " or better against +-" + pct(std::log1p(threshold));
    const decision_option* dominant = nullptr;
    for (const auto& o : p.options) {
        if (o.level == p.dominant) {
            dominant = &o;
        }
    }
    if (dominant != nullptr) {
        out += "; " + p.dominant + " dominate (" + count(dominant->share * 100 - 0.5) +
               " % of the variance)";
    }
    out += "; at 90 % power:";
    for (std::size_t i = 0; i < p.options.size(); ++i) {
        out += (i == 0 ? " " : ", or ") + option_text(p.options[i]);
    }
    if (p.rough) {
        out += " (rough: the process level rests on fewer than 3 degrees of freedom)";
    }
    return out;
}

std::string decide_command(const comparison& c) {
    if (!c.paired || c.measured_by.empty() || !c.undecided()) {
        return "";
    }
    double most = 0;
    bool rough = false;
    for (const auto& cc : c.cases) {
        if (cc.outcome == verdict::inconclusive && cc.plan && cc.plan->options.size() > 1 &&
            cc.plan->options[1].needed) {
            most = std::max(most, *cc.plan->options[1].needed);
            rough = rough || cc.plan->rough;
        }
    }
    if (most <= 0) {
        return "";
    }
    const auto n = static_cast<std::size_t>(std::ceil(most));
    const std::string why = std::to_string(n) +
                            " processes decide every undecided case at 90 % power" +
                            (rough ? ", a rough estimate from few processes" : "");
    if (n > max_run_processes) { // one run refuses more: pool invocations instead
        const auto runs = (n + max_run_processes - 1) / max_run_processes;
        return "to decide: " + rerun_command(c.measured_by, max_run_processes) + ", " +
               std::to_string(runs) + " times, then compare all the duets together   (" + why +
               "; one run takes at most " + std::to_string(max_run_processes) +
               "; or judge at a larger --threshold)";
    }
    return "to decide: " + rerun_command(c.measured_by, n) + "   (" + why +
           (c.invocations > 1 ? "; or run it again and compare all the duets together" : "") + ")";
}

std::string rerun_command(const std::vector<std::string>& argv, std::size_t processes) {
    // A sequential duet (--duet without --runs) is capped by --budget: it may stop earlier.
    const bool fixed = std::any_of(argv.begin(), argv.end(), [](const std::string& w) {
        return w == "--runs" || w.rfind("--runs=", 0) == 0;
    });
    const bool duet = std::any_of(argv.begin(), argv.end(), [](const std::string& w) {
        return w == "--duet" || w.rfind("--duet=", 0) == 0;
    });
    const std::string option = duet && !fixed ? "--budget" : "--runs";
    const std::string count = std::to_string(processes);
    std::string out;
    bool replaced = false;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        std::string w = argv[i];
        if (w == option && i + 1 < argv.size()) {
            out += " " + option + " " + count;
            replaced = true;
            ++i;
            continue;
        }
        if (w.rfind(option + "=", 0) == 0) {
            w = option + "=" + count;
            replaced = true;
        }
        out += (out.empty() ? "" : " ") + as_shell_word(w);
    }
    return replaced ? out : out + " " + option + " " + count;
}

} // namespace grp
