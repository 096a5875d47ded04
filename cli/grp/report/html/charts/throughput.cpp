// Section "Throughput": per kernel family, GB/s (and elements/s) against work-group size, once
// for all profiles: lines where the cases ran at several local sizes, bars where at one.
#include "grp/report/html/charts/throughput.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/charts/overlay.hpp"
#include "grp/report/html/charts/throughput_series.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/svg/axis.hpp"
#include "grp/report/svg/bar_chart.hpp"
#include "grp/report/svg/chart.hpp"
#include "grp/report/svg/line_chart.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <cmath>
#include <set>

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

/// The local sizes at which some case of `o` was timed.
std::set<std::uint64_t> timed_local_sizes(const profile_group& o) {
    std::set<std::uint64_t> out;
    for (const auto& [p, g] : o.members) {
        for (const auto* c : g.cases) {
            if (c->gbps && std::isfinite(*c->gbps)) {
                out.insert(c->key.local_size);
            }
        }
    }
    return out;
}

const profile_device* group_device(const std::vector<report_input>& inputs,
                                   const std::pair<std::size_t, case_group>& m) {
    const auto& devices = inputs[m.first].prof.devices;
    const auto d = m.second.device;
    return d >= 0 && static_cast<std::size_t>(d) < devices.size()
               ? &devices[static_cast<std::size_t>(d)]
               : nullptr;
}

/// Every case at one local size: a bar per kernel (and per profile in each kernel's row), as
/// points of a line chart would all pile up at one x.
std::string bars_chart(const std::vector<report_input>& inputs, const profile_group& o,
                       std::uint64_t local) {
    svg::bar_chart b;
    b.title = o.label + " \xC2\xB7 " + o.type + " \xC2\xB7 n = " + format_count(o.n) +
              " \xC2\xB7 local " + std::to_string(local) +
              (inputs.size() > 1 ? " \xC2\xB7 " + o.device : "") + " \xE2\x80\x94 bandwidth";
    b.x_label = "kernel";
    b.y_label = "GB/s (10\xE2\x81\xB9 bytes/s)";
    for (const auto& [p, g] : o.members) {
        b.series_names.push_back(inputs.size() > 1 ? profile_tag(p) : "median GB/s");
        b.values.emplace_back();
        b.tips.emplace_back();
        b.flagged.emplace_back();
        for (const auto* c : g.cases) {
            if (!c->gbps || !std::isfinite(*c->gbps)) {
                continue;
            }
            const auto name = config_name(*c);
            const auto at = static_cast<std::size_t>(
                std::find(b.categories.begin(), b.categories.end(), name) - b.categories.begin());
            if (at == b.categories.size()) {
                b.categories.push_back(name);
            }
            const auto size = std::max(b.values.back().size(), at + 1);
            b.values.back().resize(size);
            b.tips.back().resize(size);
            b.flagged.back().resize(size);
            b.values.back()[at] = *c->gbps;
            b.tips.back()[at] = (inputs.size() > 1 ? profile_tag(p) + ": " : "") +
                                point_tip(*c, *c->gbps, "GB/s", throughput_band(*c, c->gbps));
            b.flagged.back()[at] = flagged(*c);
        }
    }
    for (auto& row : b.values) {
        row.resize(b.categories.size());
    }
    std::string caption = "Median GB/s of each kernel; every case ran at local size " +
                          std::to_string(local) + ", so bars replace the line chart.";
    if (const auto* dev = group_device(inputs, o.members.front());
        dev && dev->peak && dev->peak->read_gbps > 0) {
        b.reference = svg::reference_line{dev->peak->read_gbps,
                                          "peak " + format_fixed(dev->peak->read_gbps, 0)};
        caption += " Dashed: the device's measured streaming-read peak.";
    }
    return figure(svg::render_hbar_chart(b), caption);
}

std::string profile_group_charts(const std::vector<report_input>& inputs, const profile_group& o) {
    if (const auto locals = timed_local_sizes(o); locals.size() == 1) {
        return bars_chart(inputs, o, *locals.begin());
    }
    if (o.members.size() == 1) {
        const auto& [p, g] = o.members.front();
        return group_charts(inputs[p], g);
    }
    return overlay_chart(o);
}

} // namespace

std::string section_throughput(const std::vector<report_input>& inputs) {
    std::string charts;
    for (auto& o : profile_groups(inputs)) {
        // A layout kernel's family is charted by the layouts section.
        o.members.erase(std::remove_if(o.members.begin(), o.members.end(),
                                       [&](const auto& m) {
                                           return shown_as_layouts(
                                               m.second, layout_groups(inputs[m.first].prof));
                                       }),
                        o.members.end());
        if (!o.members.empty()) {
            charts += profile_group_charts(inputs, o);
        }
    }
    if (charts.empty()) {
        return "";
    }
    return section_open("throughput", "Throughput against work-group size") +
           (inputs.size() > 1 ? para("Every profile on one chart per kernel family, type, n and "
                                     "device model: P1, P2, \xE2\x80\xA6 as in the header.")
                              : "") +
           "<div class=\"charts\">" + charts + "</div></section>";
}

} // namespace grp::html
