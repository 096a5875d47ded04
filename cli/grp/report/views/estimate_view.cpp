#include "grp/report/views/estimate_view.hpp"

#include "grp/core/strings.hpp"
#include "grp/core/units.hpp"
#include "grp/model/profile/check_plan.hpp"
#include "grp/report/views/case_matrix.hpp"

#include <algorithm>
#include <stdexcept>

namespace grp {

estimate_device estimate_device_in(const profile& timed) {
    std::string all;
    std::vector<estimate_device> usable;
    for (const auto& d : timed.devices) {
        std::string why;
        if (const auto e = estimate_device_of(d, why)) {
            usable.push_back(*e);
        } else {
            all += (all.empty() ? "" : "; ") + why;
        }
    }
    if (usable.empty()) {
        throw std::invalid_argument(all.empty() ? "the profile has no device" : all);
    }
    std::vector<std::string> models;
    for (const auto& e : usable) {
        const auto model = e.name + " (" + format_fixed(e.compute_units, 0) + " CUs, " +
                           format_fixed(e.clock_hz / 1e6, 0) + " MHz)";
        if (std::find(models.begin(), models.end(), model) == models.end()) {
            models.push_back(model);
        }
    }
    if (models.size() > 1) {
        throw std::invalid_argument("it holds GPUs that differ, " + joined(models, ", ") +
                                    ": give a profile of one (run -d)");
    }
    return usable.front();
}

std::string estimate_caption(const estimate_device& d, const std::string& source) {
    return "Estimated time on " + d.name + " (" + format_fixed(d.compute_units, 0) + " CUs, " +
           format_fixed(d.clock_hz / 1e6, 0) + " MHz, launch floor " +
           format_fixed(d.launch_ns / 1e3, 1) + " us, read " +
           format_fixed(d.read_bytes_per_ns, 0) + " GB/s: " + source +
           "); a model that ranks kernels, not a measurement (docs/check.md)";
}

const std::vector<std::string>& estimate_columns() {
    static const std::vector<std::string> cols{"kernel",   "type",      "n",          "local",
                                               "passes",   "est us",    "bound",      "launch us",
                                               "issue us", "memory us", "latency us", "waves"};
    return cols;
}

namespace {

std::vector<std::string> estimate_row(const case_result& c, const case_estimate& e) {
    double launch = 0, issue = 0, memory = 0, latency = 0, waves = 0;
    for (const auto& p : e.passes) {
        launch += p.launch_ns;
        issue += p.issue_ns;
        memory += p.memory_ns;
        latency += p.latency_ns;
        waves = std::max(waves, p.waves);
    }
    const auto params = params_text(c.key, " ");
    return {params.empty() ? c.key.kernel : c.key.kernel + " " + params,
            type_label(c.key),
            std::to_string(c.key.n),
            std::to_string(c.key.local_size),
            std::to_string(e.passes.size()),
            format_fixed(e.ns / 1e3, 1),
            e.bound,
            format_fixed(launch / 1e3, 1),
            format_fixed(issue / 1e3, 1),
            format_fixed(memory / 1e3, 1),
            format_fixed(latency / 1e3, 1),
            format_fixed(waves, 0)};
}

/// A note when the grids were planned for other compute units than the GPU's.
std::string planned_note(const profile& checked, const estimate_device& d) {
    const auto g = planned_grid(checked);
    const auto cus = static_cast<double>(g.compute_units);
    if (g.valid && cus == d.compute_units) {
        return "";
    }
    const std::string planned = !g.valid        ? "an unreadable device"
                                : g.planned_for ? format_fixed(cus, 0) + " compute units"
                                                : "the simulator";
    return "the grids were planned for " + planned + ", not " + d.name + "'s " +
           format_fixed(d.compute_units, 0) + " compute units" +
           ": a kernel whose grid follows the compute units (\"8*cu\") is estimated at a grid "
           "that GPU would not run; check with --estimate-for it";
}

} // namespace

estimate_table estimate_table_of(const profile& checked, const estimate_device& d) {
    estimate_table t;
    std::size_t not_ok = 0, no_metrics = 0, unchecked = 0;
    for (const auto& c : checked.cases) {
        if (!c.check) {
            ++unchecked; // skipped by check (or a timed case: not check's)
            continue;
        }
        if (c.status != case_status::ok) {
            ++not_ok; // unsafe, wrong or failed: its counts are not the kernel's work
            continue;
        }
        if (const auto e = estimate_case(*c.check, c.key.local_size, d)) {
            t.rows.push_back(estimate_row(c, *e));
        } else {
            ++no_metrics;
        }
    }
    if (unchecked > 0 && is_check_profile(checked)) {
        t.notes.push_back(std::to_string(unchecked) +
                          " case(s) not estimated: not checked (check's table says why)");
    }
    if (checked.cases.empty() && is_check_profile(checked)) {
        t.notes.emplace_back("no case to estimate: the check profile has none");
    }
    if (not_ok > 0) {
        t.notes.push_back(std::to_string(not_ok) +
                          " case(s) not estimated: not ok (unsafe, wrong or failed)");
    }
    if (no_metrics > 0) {
        t.notes.push_back(std::to_string(no_metrics) +
                          " case(s) not estimated: no access metrics with new sectors (the "
                          "plugin did not run, or the profile predates schema 2.19)");
    }
    if (const auto n = planned_note(checked, d); !n.empty() && !t.rows.empty()) {
        t.notes.push_back(n);
    }
    return t;
}

} // namespace grp
