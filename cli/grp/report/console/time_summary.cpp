#include "grp/report/console/time_summary.hpp"

#include "grp/core/units.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

namespace grp {

namespace {

phase_times all_phases(const profile& p) {
    phase_times out;
    for (const auto& r : p.runs) {
        for (const auto& [name, s] : r.phases.seconds) {
            out.seconds[name] += s;
        }
    }
    return out;
}

} // namespace

double timed_kernel_s(const profile& p) {
    double ns = 0;
    for (const auto& c : p.cases) {
        for (const auto& r : c.rounds) {
            for (const auto s : r.samples_ns) {
                ns += static_cast<double>(s);
            }
        }
    }
    return ns * 1e-9;
}

std::string phases_text(const phase_times& phases, double wall_s) {
    std::vector<std::pair<std::string, double>> shown;
    double accounted = 0, small = 0;
    for (const auto& [name, s] : phases.seconds) {
        accounted += s;
        if (s >= 0.03 * wall_s && s >= 0.05) {
            shown.emplace_back(name, s);
        } else {
            small += s;
        }
    }
    std::sort(shown.begin(), shown.end(),
              [](const auto& a, const auto& b) { return a.second > b.second; });
    std::string out;
    for (const auto& [name, s] : shown) {
        out += (out.empty() ? "" : ", ") + name + " " + format_seconds(s);
    }
    const double other = small + std::max(0.0, wall_s - accounted);
    if (other >= 0.05) {
        out += (out.empty() ? "other " : ", other ") + format_seconds(other);
    }
    return out;
}

std::string process_time(const run_record& r, std::size_t index, std::size_t count) {
    std::string out = "process " + std::to_string(index) + " of " + std::to_string(count);
    if (!r.wall_s) {
        return out + " finished";
    }
    out += " took " + format_seconds(*r.wall_s);
    const auto phases = phases_text(r.phases, *r.wall_s);
    return phases.empty() ? out : out + ": " + phases;
}

std::string time_summary(const profile& p, double wall_s) {
    const double kernels = timed_kernel_s(p);
    std::string out = "time: " + format_seconds(wall_s);
    if (p.runs.size() > 1) {
        out += " in " + std::to_string(p.runs.size()) + " processes";
    }
    if (kernels > 0) {
        char ratio[32];
        std::snprintf(ratio, sizeof ratio, "%.1fx", wall_s / kernels);
        out += ", " + format_seconds(kernels) + " of it timed kernels (wall " + ratio + " that)";
    }
    const auto phases = phases_text(all_phases(p), wall_s);
    return phases.empty() ? out : out + "; " + phases;
}

std::string load_warning(const profile& p, double min_cores) {
    double worst = 0;
    std::size_t which = 0;
    for (std::size_t i = 0; i < p.runs.size(); ++i) {
        const double cores = p.runs[i].other_cpu_cores.value_or(0);
        if (cores > worst) {
            worst = cores;
            which = i;
        }
    }
    if (worst < min_cores) {
        return "";
    }
    char busy[32];
    std::snprintf(busy, sizeof busy, "%.1f", worst);
    const auto total = p.runs[which].host.cpu_cores;
    return std::string("the machine was busy: other processes kept ") + busy +
           (total > 0 ? " of " + std::to_string(total) : std::string()) + " cores busy on average" +
           (p.runs.size() > 1 ? " during process " + std::to_string(which + 1) : "") +
           ". Rounds whose threads waited for a CPU are set aside by compare, but the load also "
           "slows launches and CPU devices between such rounds: record a baseline on a quiet "
           "machine";
}

void print_time_lines(std::ostream& os, const profile& p,
                      std::chrono::steady_clock::time_point started, bool quiet) {
    if (const auto w = load_warning(p); !w.empty()) {
        os << "warning: " << w << '\n';
    }
    if (!quiet) {
        const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - started;
        os << time_summary(p, wall.count()) << '\n';
    }
}

} // namespace grp
