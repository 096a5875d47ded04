// Section "Throughput, profiles overlaid": with several profiles, the throughput charts of the
// same kernel family, type and n (on the same device model) drawn as one chart, a line per
// profile and kernel, so a change or another machine shows as lines that part.
#include "grp/report/html/charts/overlay.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/charts/throughput_series.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/svg/line_chart.hpp"

#include <algorithm>

namespace grp::html {

namespace {

struct overlay_group {
    std::string device, label, type;
    std::uint64_t n = 0;
    std::vector<std::pair<std::size_t, case_group>> members; ///< (profile index, its group)
};

std::vector<overlay_group> overlay_groups(const std::vector<report_input>& inputs) {
    std::vector<overlay_group> out;
    for (std::size_t p = 0; p < inputs.size(); ++p) {
        for (auto& g : throughput_groups(inputs[p].prof)) {
            const std::string dev = device_name(inputs[p].prof, g.device);
            auto it = std::find_if(out.begin(), out.end(), [&](const overlay_group& o) {
                return o.device == dev && o.label == g.label && o.type == g.type && o.n == g.n;
            });
            if (it == out.end()) {
                out.push_back({dev, g.label, g.type, g.n, {}});
                it = std::prev(out.end());
            }
            it->members.emplace_back(p, std::move(g));
        }
    }
    out.erase(std::remove_if(out.begin(), out.end(),
                             [](const overlay_group& o) { return o.members.size() < 2; }),
              out.end());
    return out;
}

std::string overlay_chart(const overlay_group& o) {
    svg::line_chart c;
    c.title = o.label + " \xC2\xB7 " + o.type + " \xC2\xB7 n = " + format_count(o.n) +
              " \xC2\xB7 " + o.device + " \xE2\x80\x94 profiles overlaid";
    c.x_label = "local size (work-items per group, log2 scale)";
    c.y_label = "GB/s (10\xE2\x81\xB9 bytes/s)";
    for (const auto& [p, g] : o.members) {
        for (auto& s : build_series(g, false)) {
            s.name = profile_tag(p) + " " + s.name;
            for (auto& pt : s.points) {
                pt.tip = profile_tag(p) + ": " + pt.tip;
            }
            c.lines.push_back(std::move(s));
        }
    }
    return figure(svg::render_line_chart(c),
                  "Median GB/s of each profile (P1, P2, \xE2\x80\xA6 as in the header); error bars "
                  "span p5\xE2\x80\x93p95; red rings: wrong results.");
}

} // namespace

std::string section_overlay(const std::vector<report_input>& inputs) {
    if (inputs.size() < 2) {
        return "";
    }
    std::string charts;
    for (const auto& o : overlay_groups(inputs)) {
        charts += overlay_chart(o);
    }
    if (charts.empty()) {
        return "";
    }
    return section_open("overlay", "Throughput, profiles overlaid") + "<div class=\"charts\">" +
           charts + "</div></section>";
}

} // namespace grp::html
