// Section "Samples": per kernel family, type and n, every case's kept samples as a box plot with
// each round's median on top, so outliers, bimodal timings and a drifting round show where a
// median alone hides them. Rounds whose threads waited for a CPU (set aside by compare) are
// drawn hollow.
#include "grp/report/html/charts/distributions.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/charts/throughput_series.hpp"
#include "grp/report/html/elements.hpp"
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
time_unit unit_for(const case_group& g) {
    double max = 0;
    for (const auto* c : g.cases) {
        if (c->summary) {
            max = std::max(max, c->summary->median_ns);
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

svg::box_row case_row(const case_result& c, const time_unit& u) {
    svg::box_row r;
    r.name = series_name(c) + " \xC2\xB7 " + std::to_string(c.key.local_size);
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

std::string group_chart(const profile& p, const case_group& g, bool log_time) {
    const auto u = unit_for(g);
    svg::box_chart b;
    b.title = g.label + " \xC2\xB7 " + g.type + " \xC2\xB7 n = " + format_count(g.n) +
              (p.devices.size() > 1 ? " \xC2\xB7 " + device_name(p, g.device) : "") +
              " \xE2\x80\x94 samples";
    b.x_label = std::string("time per launch (") + u.name + (log_time ? ", log scale)" : ")");
    b.log_x = log_time;
    for (const auto* c : g.cases) {
        if (!c->samples_ns.empty()) {
            b.rows.push_back(case_row(*c, u));
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

std::string section_distributions(const report_input& in, const std::string& tag, bool log_time) {
    std::string charts;
    for (const auto& g : throughput_groups(in.prof)) {
        charts += group_chart(in.prof, g, log_time);
    }
    if (charts.empty()) {
        return "";
    }
    return section_open("samples" + (tag.empty() ? "" : "-" + html_id(tag)),
                        "Sample distributions" + (tag.empty() ? "" : " \xE2\x80\x94 " + tag)) +
           "<div class=\"charts\">" + charts + "</div></section>";
}

} // namespace grp::html
