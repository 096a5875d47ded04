// Section "Samples": per kernel family, type and n (one chart for all profiles, a row per
// profile and case), every case's kept samples as a box plot with each round's median on top,
// so outliers, bimodal timings and a drifting round show where a median alone hides them.
// Rounds whose threads waited for a CPU (set aside by compare) are drawn hollow.
#include "grp/report/html/charts/distributions.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/charts/overlay.hpp"
#include "grp/report/html/charts/throughput_series.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/svg/box_chart.hpp"
#include "grp/report/svg/chart.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>

namespace grp::html {

namespace {

/// compare's default --max-cpu-wait: rounds above it are set aside there, hollow here.
constexpr double set_aside_cpu_wait = 0.1;

struct time_unit {
    double ns = 1;
    const char* name = "ns";
};

// By the largest median, not the largest sample: one stray outlier must not turn a chart of
// microseconds into one of milliseconds.
time_unit unit_for(const profile_group& o) {
    double max = 0;
    for (const auto& [p, g] : o.members) {
        for (const auto* c : g.cases) {
            if (c->summary) {
                max = std::max(max, c->summary->median_ns);
            }
        }
    }
    if (max >= 1e9) {
        return {1e9, "s"};
    }
    if (max >= 1e6) {
        return {1e6, "ms"};
    }
    return max >= 1e3 ? time_unit{1e3, "\xC2\xB5s"} : time_unit{};
}

svg::box_row case_row(const case_result& c, const time_unit& u, const std::string& tag) {
    svg::box_row r;
    r.name = (tag.empty() ? "" : tag + " ") + config_name(c) + " \xC2\xB7 " +
             std::to_string(c.key.local_size);
    r.tip = r.name + " (" + u.name + ")";
    r.flagged = flagged(c);
    for (auto v : c.samples_ns) {
        r.values.push_back(static_cast<double>(v) / u.ns);
    }
    for (const auto& round : c.rounds) {
        if (auto m = round.median_ns()) {
            r.marks.push_back(*m / u.ns);
            r.marks_hollow.push_back(round.disturbed(set_aside_cpu_wait) || round.unsteady());
        }
    }
    return r;
}

std::string group_chart(const profile_group& o, bool several, bool log_time) {
    const auto u = unit_for(o);
    svg::box_chart b;
    b.title = o.label + " \xC2\xB7 " + o.type + " \xC2\xB7 n = " + format_count(o.n) +
              (several ? " \xC2\xB7 " + o.device : "") + " \xE2\x80\x94 samples";
    b.x_label = std::string("time per launch (") + u.name + (log_time ? ", log scale)" : ")");
    b.log_x = log_time;
    for (const auto& [p, g] : o.members) {
        for (const auto* c : g.cases) {
            if (!c->samples_ns.empty()) {
                b.rows.push_back(case_row(*c, u, several ? profile_tag(p) : ""));
            }
        }
    }
    if (b.rows.empty()) {
        return "";
    }
    return figure(svg::render_box_chart(b),
                  "Box: quartiles of the kept samples, whiskers to 1.5 IQR, circles beyond. "
                  "Diamonds: each round's median (hollow: set aside by compare, the CPU was "
                  "taken). Red labels: wrong results.");
}

} // namespace

std::string section_distributions(const std::vector<report_input>& inputs, bool log_time) {
    std::string charts;
    for (const auto& o : profile_groups(inputs)) {
        charts += group_chart(o, inputs.size() > 1, log_time);
    }
    if (charts.empty()) {
        return "";
    }
    return section_open("samples", "Sample distributions") + "<div class=\"charts\">" + charts +
           "</div></section>";
}

} // namespace grp::html
