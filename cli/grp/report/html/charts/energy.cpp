#include "grp/report/html/charts/energy.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/svg/line_chart.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <map>

namespace grp::html {

namespace {

bool has_energy(const case_result& c) {
    return c.energy && c.energy->joules_per_launch && c.summary && c.summary->median_ns > 0;
}

/// Per device: median time (ms) against mJ per launch, one series per kernel (and type, layout,
/// n when the profile sweeps several), points in local-size order.
svg::line_chart energy_chart(const profile& p, int device) {
    svg::line_chart ch;
    ch.title = device_name(p, device) + " \xE2\x80\x94 time against energy per launch";
    ch.x_label = "median time (ms)";
    ch.y_label = "energy per launch (mJ)";
    ch.log2_x = false;
    std::map<std::string, std::vector<const case_result*>> by_series;
    for (const auto& c : p.cases) {
        if (c.device == device && has_energy(c)) {
            by_series[c.key.kernel + " " + c.key.type + " " + c.key.layout +
                      " n=" + format_count(c.key.n)]
                .push_back(&c);
        }
    }
    for (auto& [name, cases] : by_series) {
        std::sort(cases.begin(), cases.end(), [](const case_result* a, const case_result* b) {
            return a->key.local_size < b->key.local_size;
        });
        svg::series s{name, {}};
        for (const auto* c : cases) {
            const double ms = c->summary->median_ns / 1e6, mj = *c->energy->joules_per_launch * 1e3;
            s.points.push_back({ms, mj, std::nullopt, std::nullopt, c->status != case_status::ok,
                                c->key.to_string() + ": " + format_ns(c->summary->median_ns) +
                                    ", " + format_joules(*c->energy->joules_per_launch) + " at " +
                                    format_fixed(c->energy->power_w.value_or(0), 1) + " W"});
        }
        ch.lines.push_back(std::move(s));
    }
    return ch;
}

std::string energy_table(const profile& p, int device) {
    // In a box that scrolls: the page never does (the H100 profile's table was 225 px too wide).
    std::string t = "<div class=\"tablewrap\"><table><thead><tr><th>case</th><th>median</th>"
                    "<th>W</th><th>per launch</th><th>GB/s per W</th><th>G elements per "
                    "J</th><th>power from</th></tr></thead>"
                    "<tbody>";
    for (const auto& c : p.cases) {
        if (c.device != device || !has_energy(c)) {
            continue;
        }
        const auto& e = *c.energy;
        t += "<tr><td>" + html_escape(c.key.to_string()) + "</td><td>" +
             format_ns(c.summary->median_ns) + "</td><td>" +
             format_fixed(e.power_w.value_or(0), 1) + "</td><td>" +
             format_joules(*e.joules_per_launch) + "</td><td>" +
             (e.gbps_per_w ? format_fixed(*e.gbps_per_w, 2) : "-") + "</td><td>" +
             (e.elements_per_j ? format_fixed(*e.elements_per_j / 1e9, 2) : "-") + "</td><td>" +
             html_escape(e.basis) + "</td></tr>";
    }
    return t + "</tbody></table></div>";
}

} // namespace

std::string section_energy(const report_input& in, const std::string& tag) {
    const auto& p = in.prof;
    if (std::none_of(p.cases.begin(), p.cases.end(), has_energy)) {
        return "";
    }
    std::string s = section_open("energy" + (tag.empty() ? "" : "-" + html_id(tag)),
                                 "Energy" + (tag.empty() ? "" : " \xE2\x80\x94 " + tag));
    s += para("Energy per launch is the mean power the device's sensors read over the case's "
              "rounds times its median time (never measured per launch: the counters update "
              "every ~100 ms). Lower and to the left is better; a configuration that is faster "
              "but costs more joules shows up as a step up. docs/run.md, Conditions.");
    for (std::size_t d = 0; d < p.devices.size(); ++d) {
        const auto dev = static_cast<int>(d);
        const auto chart = energy_chart(p, dev);
        if (!chart.lines.empty()) {
            s += figure(svg::render_line_chart(chart), "Red ring: not ok.") + energy_table(p, dev);
        }
    }
    return s + "</section>";
}

} // namespace grp::html
