// Section "Throughput": per kernel family, GB/s (and elements/s) against work-group size.
#include "grp/report/html/charts/throughput.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/charts/throughput_series.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/svg/axis.hpp"
#include "grp/report/svg/chart.hpp"
#include "grp/report/svg/line_chart.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <cmath>

namespace grp::html {

namespace {

double max_elements_per_s(const case_group& g) {
    double max = 0;
    for (const auto* c : g.cases) {
        max = std::max(max, c->elements_per_s.value_or(0));
    }
    return max;
}

/// bytes / n when every timed case of the group moves the same bytes per element.
std::optional<double> common_bytes_per_element(const case_group& g) {
    std::optional<double> common;
    for (const auto* c : g.cases) {
        if (!c->gbps) {
            continue;
        }
        auto b = bytes_per_element(*c);
        if (!b || (common && std::fabs(*b - *common) > 1e-9 * *common)) {
            return std::nullopt;
        }
        common = b;
    }
    return common;
}

std::string group_title(const report_input& in, const case_group& g) {
    std::string t = g.label + " \xC2\xB7 " + g.type + " \xC2\xB7 n = " + format_count(g.n);
    if (in.prof.devices.size() > 1) {
        t += " \xC2\xB7 " + device_name(in.prof, g.device);
    }
    return t;
}

std::string group_charts(const report_input& in, const case_group& g) {
    const auto* dev = g.device >= 0 && static_cast<std::size_t>(g.device) < in.prof.devices.size()
                          ? &in.prof.devices[static_cast<std::size_t>(g.device)]
                          : nullptr;
    svg::line_chart gb;
    gb.title = group_title(in, g) + " \xE2\x80\x94 bandwidth";
    gb.x_label = "local size (work-items per group, log2 scale)";
    gb.y_label = "GB/s (10\xE2\x81\xB9 bytes/s)";
    gb.lines = build_series(g, false);
    if (gb.lines.empty()) {
        return para(group_title(in, g) + ": no timed case (all skipped or failed).", "muted");
    }
    std::string caption = "Median over the samples; error bars span p5\xE2\x80\x93p95.";
    if (dev && dev->peak && dev->peak->read_gbps > 0) {
        gb.reference = svg::reference_line{dev->peak->read_gbps,
                                           "measured peak read " +
                                               format_fixed(dev->peak->read_gbps, 0) + " GB/s"};
        caption += " Dashed: the device's measured streaming-read peak.";
    }
    for (const auto* c : g.cases) {
        if (flagged(*c)) {
            caption += " Red rings: wrong results.";
            break;
        }
    }
    if (auto bpe = common_bytes_per_element(g)) {
        const auto unit = rate_unit_for(max_elements_per_s(g));
        gb.y2_factor = 1e9 / *bpe / unit.factor;
        gb.y2_label = unit.prefix + " elements/s (" + format_fixed(*bpe, 0) + " B each)";
        return figure(svg::render_line_chart(gb), caption);
    }
    svg::line_chart el = gb;
    el.title = group_title(in, g) + " \xE2\x80\x94 elements";
    const auto unit = rate_unit_for(max_elements_per_s(g));
    el.y_label = unit.prefix + " elements/s";
    el.reference.reset();
    el.lines = build_series(g, true, unit);
    return figure(svg::render_line_chart(gb), caption) +
           figure(svg::render_line_chart(el), "Elements (records for layouts) per second.");
}

/// True when the layouts section already charts every case of `g` (a layout kernel's family).
bool shown_as_layouts(const case_group& g, const std::vector<case_group>& layouts) {
    for (const auto* c : g.cases) {
        bool found = false;
        for (const auto& l : layouts) {
            found = found || std::find(l.cases.begin(), l.cases.end(), c) != l.cases.end();
        }
        if (!found) {
            return false;
        }
    }
    return true;
}

} // namespace

std::string section_throughput(const report_input& in, const std::string& tag) {
    const auto layouts = layout_groups(in.prof);
    std::vector<case_group> groups;
    for (auto& g : throughput_groups(in.prof)) {
        if (!shown_as_layouts(g, layouts)) {
            groups.push_back(std::move(g));
        }
    }
    if (groups.empty()) {
        return "";
    }
    std::string s = section_open("throughput" + (tag.empty() ? "" : "-" + html_id(tag)),
                                 "Throughput against work-group size" +
                                     (tag.empty() ? "" : " \xE2\x80\x94 " + tag));
    s += "<div class=\"charts\">";
    for (const auto& g : groups) {
        s += group_charts(in, g);
    }
    return s + "</div></section>";
}

} // namespace grp::html
