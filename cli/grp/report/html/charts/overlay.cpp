// Throughput across profiles: groups merged over profiles and their overlaid line chart.
#include "grp/report/html/charts/overlay.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/charts/throughput_series.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/svg/line_chart.hpp"

#include <algorithm>

namespace grp::html {

std::vector<profile_group> profile_groups(const std::vector<report_input>& inputs) {
    std::vector<profile_group> out;
    for (std::size_t p = 0; p < inputs.size(); ++p) {
        for (auto& g : throughput_groups(inputs[p].prof)) {
            const std::string dev = device_name(inputs[p].prof, g.device);
            auto it = std::find_if(out.begin(), out.end(), [&](const profile_group& o) {
                return o.device == dev && o.label == g.label && o.type == g.type && o.n == g.n;
            });
            if (it == out.end()) {
                out.push_back({dev, g.label, g.type, g.n, {}});
                it = std::prev(out.end());
            }
            it->members.emplace_back(p, std::move(g));
        }
    }
    return out;
}

std::string overlay_chart(const profile_group& o) {
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

} // namespace grp::html
