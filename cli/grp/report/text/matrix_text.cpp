#include "grp/report/text/matrix_text.hpp"

#include "grp/core/strings.hpp"
#include "grp/core/units.hpp"
#include "grp/model/measure/case_metrics.hpp"
#include "grp/model/measure/roof.hpp"

namespace grp {

std::string matrix_cell_value(const matrix_cell& c, cell_value v) {
    if (c.c == nullptr) {
        return "-";
    }
    if (!c.median_ns) {
        return c.mark;
    }
    const std::string gbps = c.gbps ? format_fixed(*c.gbps, 1) : "n/a";
    if (v == cell_value::energy) {
        const auto& e = c.c->energy;
        return e && e->joules_per_launch ? format_joules(*e->joules_per_launch) : "n/a";
    }
    return v == cell_value::gbps   ? gbps
           : v == cell_value::both ? format_ns(*c.median_ns) + " / " + gbps
                                   : format_ns(*c.median_ns);
}

std::string matrix_cell_marks(const matrix_cell& c, cell_value v) {
    std::string s = c.median_ns && c.above_kernel_limit ? "^" : "";
    s += c.median_ns && c.screened ? "~" : "";
    s += c.median_ns && c.above_peak ? ">" : "";
    if (matrix_cell_value(c, v) == "n/a") {
        return s; // a star says which cell is fastest; it marks a value, never a missing one
    }
    return s + (c.best_overall ? "**" : c.best_in_row ? "*" : "");
}

std::string matrix_cell_text(const matrix_cell& c, cell_value v) {
    return matrix_cell_value(c, v) + matrix_cell_marks(c, v);
}

std::string matrix_energy_note(const case_matrix& m, const profile& p, cell_value v) {
    if (v != cell_value::energy) {
        return "";
    }
    for (const auto& row : m.rows) {
        for (const auto& c : row.cells) {
            if (c.median_ns && matrix_cell_value(c, v) != "n/a") {
                return "";
            }
        }
    }
    std::string lacking; // what the device's sensor record says of power and energy
    const auto d = static_cast<std::size_t>(m.device);
    if (d < p.devices.size() && p.devices[d].sensors) {
        for (const auto& l : p.devices[d].sensors->lacking) {
            if (l.rfind("energy", 0) == 0 || l.rfind("power", 0) == 0 || l.rfind("every", 0) == 0) {
                lacking += (lacking.empty() ? " (" : "; ") + l;
            }
        }
    }
    return "n/a: no energy per launch: no power or energy sensor was found for this device" +
           (lacking.empty() ? "" : lacking + ")") +
           "; the sensors read are NVML's on NVIDIA and RAPL on Linux CPUs (docs/run.md)";
}

std::string matrix_host_text(const case_matrix& m) {
    if (m.speedups.empty()) {
        return "";
    }
    std::string times, ratios;
    for (const auto& s : m.speedups) {
        const std::string who = s.method == "sequential" ? "sequential"
                                : s.threads == 1         ? "1 thread"
                                                         : std::to_string(s.threads) + " threads";
        times += (times.empty() ? "" : ", ") + who + " " + format_ns(s.host_median_ns);
        if (s.speedup) {
            ratios += (ratios.empty() ? "" : ", ") +
                      format_fixed(*s.speedup, *s.speedup < 10 ? 2 : 1) + "x";
        }
    }
    return times + (ratios.empty() ? "" : "; speedup of the best kernel " + ratios);
}

std::string matrix_best_text(const case_matrix& m, const profile& p) {
    const auto* best = m.best_cell();
    if (best == nullptr) {
        return "";
    }
    std::string s = best->c->key.kernel + " at local " + std::to_string(best->c->key.local_size) +
                    ": " + format_ns(*best->median_ns);
    if (best->gbps) {
        s += " = " + format_fixed(*best->gbps, 1) + " GB/s";
    }
    const auto d = static_cast<std::size_t>(m.device);
    if (best->c->pct_of_peak && d < p.devices.size() && p.devices[d].peak) {
        const auto peak = format_fixed(p.devices[d].peak->read_gbps, 1) + " GB/s";
        s +=
            ", " + format_fixed(*best->c->pct_of_peak, 1) +
            (in_round_ratio(*best->c) ? "% of the read timed in its rounds (peak read " + peak + ")"
                                      : "% of the measured peak read " + peak);
    }
    return s;
}

std::string matrix_floor_text(const case_matrix& m, const profile& p) {
    const auto* best = m.best_cell();
    const auto d = static_cast<std::size_t>(m.device);
    if (best == nullptr || !best->c->x_floor || *best->c->x_floor > launch_bound_x_floor ||
        d >= p.devices.size() || !p.devices[d].launch_floor_ns) {
        return "";
    }
    std::size_t timed = 0, bound = 0;
    for (const auto& row : m.rows) {
        for (const auto& c : row.cells) {
            if (c.median_ns && c.c != nullptr) {
                ++timed;
                bound += c.c->x_floor && *c.c->x_floor <= launch_bound_x_floor ? 1 : 0;
            }
        }
    }
    std::string s = format_count(m.n) + ": " + format_fixed(*best->c->x_floor, 2) +
                    "x the empty-kernel span (" + format_ns(*p.devices[d].launch_floor_ns) +
                    "): launch-bound";
    if (bound > 1) {
        s += "; " + std::to_string(bound) + " of " + std::to_string(timed) +
             " timed cases within " + format_fixed(launch_bound_x_floor, 0) + "x";
    }
    return s;
}

std::vector<std::string> matrix_note_lines(const case_matrix& m) {
    std::vector<std::string> out;
    for (const auto& n : m.notes) {
        std::string cells = std::to_string(n.count) + (n.count == 1 ? " cell" : " cells");
        if (!n.where.empty()) {
            cells = joined(n.where, ", ");
        }
        out.push_back(n.mark + " (" + cells +
                      "): " + (n.reason.empty() ? std::string("see the case") : n.reason));
    }
    return out;
}

std::string matrix_omitted_text(const case_matrix& m) {
    std::string names;
    for (const auto& k : m.omitted) {
        names += (names.empty() ? "" : ", ") + k;
    }
    return names.empty()
               ? ""
               : "not run here (the kernel does not declare this type or layout): " + names;
}

std::string matrix_marks_legend(const case_matrix& m, cell_value v) {
    bool above = false, screened = false, starred = false, over_peak = false, absent = false;
    for (const auto& row : m.rows) {
        for (const auto& c : row.cells) {
            absent = absent || c.c == nullptr;
            above = above || (c.median_ns && c.above_kernel_limit);
            screened = screened || (c.median_ns && c.screened);
            over_peak = over_peak || (c.median_ns && c.above_peak);
            starred = starred || matrix_cell_marks(c, v).find('*') != std::string::npos;
        }
    }
    std::string s = starred ? "** fastest overall, * fastest of the kernel" : "";
    if (above) {
        s += std::string(s.empty() ? "" : ", ") +
             "^ launched above the kernel's reported CL_KERNEL_WORK_GROUP_SIZE (verified like "
             "every case)";
    }
    if (screened) {
        s += std::string(s.empty() ? "" : ", ") +
             "~ screened out by successive halving at an early rung (a brief time from fewer "
             "rounds, never marked best)";
    }
    if (over_peak) {
        s += std::string(s.empty() ? "" : ", ") +
             "> above 105% of the device's peak read (never marked best: see the note below)";
    }
    if (absent) {
        s += std::string(s.empty() ? "" : ", ") +
             "- not in the sweep (this kernel was not asked for at this local size)";
    }
    return s;
}

} // namespace grp
