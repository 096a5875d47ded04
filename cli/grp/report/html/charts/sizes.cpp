// Section "Throughput against problem size": when a sweep has several sizes, per kernel family
// and type the best GB/s of each kernel at each n (over its local sizes) on a log2 axis of n,
// with the device's measured peak as a line: where the caches stop helping and where the
// launch overhead stops dominating.
#include "grp/report/html/charts/sizes.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/charts/throughput_series.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/svg/axis.hpp"
#include "grp/report/svg/line_chart.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <map>

namespace grp::html {

namespace {

/// The throughput groups of one device, family and type, whatever their n.
struct size_group {
    int device = 0;
    std::string label, type;
    std::vector<const case_result*> cases;
    std::vector<std::uint64_t> sizes; ///< distinct n, ascending
};

std::vector<size_group> size_groups(const profile& p) {
    std::vector<size_group> out;
    for (const auto& g : throughput_groups(p)) {
        auto it = std::find_if(out.begin(), out.end(), [&](const size_group& s) {
            return s.device == g.device && s.label == g.label && s.type == g.type;
        });
        if (it == out.end()) {
            out.push_back({g.device, g.label, g.type, {}, {}});
            it = std::prev(out.end());
        }
        it->cases.insert(it->cases.end(), g.cases.begin(), g.cases.end());
        it->sizes.push_back(g.n);
    }
    for (auto& s : out) {
        std::sort(s.sizes.begin(), s.sizes.end());
        s.sizes.erase(std::unique(s.sizes.begin(), s.sizes.end()), s.sizes.end());
    }
    out.erase(std::remove_if(out.begin(), out.end(),
                             [](const size_group& s) { return s.sizes.size() < 2; }),
              out.end());
    return out;
}

/// Per series (kernel and layout) and n: the case with the highest GB/s, preferring verified
/// ones (a wrong case is drawn, ringed, only when no case at that point verified).
std::vector<svg::series> best_per_size(const size_group& g) {
    std::map<std::pair<std::string, std::uint64_t>, const case_result*> best;
    std::vector<std::string> order;
    for (const auto* c : g.cases) {
        if (!c->gbps || !(*c->gbps > 0)) {
            continue;
        }
        const std::string name = series_name(*c);
        if (std::find(order.begin(), order.end(), name) == order.end()) {
            order.push_back(name);
        }
        auto& b = best[{name, c->key.n}];
        const bool better = !b || (flagged(*b) && !flagged(*c)) ||
                            (flagged(*b) == flagged(*c) && *c->gbps > *b->gbps);
        b = better ? c : b;
    }
    std::vector<svg::series> out;
    for (const auto& name : order) {
        svg::series s{name, {}};
        for (const auto& [key, c] : best) {
            if (key.first != name) {
                continue;
            }
            svg::point pt;
            pt.x = static_cast<double>(key.second);
            pt.y = *c->gbps;
            pt.flagged = flagged(*c);
            pt.tip = name + ", n = " + format_count(c->key.n) + ", best at local " +
                     std::to_string(c->key.local_size) + ": " + svg::format_value(*c->gbps) +
                     " GB/s" + (c->summary ? ", median " + format_ns(c->summary->median_ns) : "") +
                     (pt.flagged ? ", RESULT " + to_string(c->status) : "");
            s.points.push_back(pt);
        }
        out.push_back(std::move(s)); // std::map order: ascending n
    }
    return out;
}

std::string size_chart(const profile& p, const size_group& g) {
    svg::line_chart c;
    c.title = g.label + " \xC2\xB7 " + g.type +
              (p.devices.size() > 1 ? " \xC2\xB7 " + device_name(p, g.device) : "") +
              " \xE2\x80\x94 GB/s against n";
    c.x_label = "problem size n (elements, log2 scale)";
    c.y_label = "GB/s (10\xE2\x81\xB9 bytes/s)";
    c.pow2_x_labels = true;
    c.lines = best_per_size(g);
    std::string caption = "Each kernel's best local size at each n.";
    const auto* dev = g.device >= 0 && static_cast<std::size_t>(g.device) < p.devices.size()
                          ? &p.devices[static_cast<std::size_t>(g.device)]
                          : nullptr;
    if (dev && dev->peak && dev->peak->read_gbps > 0) {
        c.reference = svg::reference_line{dev->peak->read_gbps,
                                          "measured peak read " +
                                              format_fixed(dev->peak->read_gbps, 0) + " GB/s"};
        caption += " Dashed: the device's measured streaming-read peak.";
    }
    return figure(svg::render_line_chart(c), caption);
}

} // namespace

std::string section_sizes(const report_input& in, const std::string& tag) {
    const auto groups = size_groups(in.prof);
    if (groups.empty()) {
        return "";
    }
    std::string s = section_open("sizes" + (tag.empty() ? "" : "-" + html_id(tag)),
                                 "Throughput against problem size" +
                                     (tag.empty() ? "" : " \xE2\x80\x94 " + tag));
    s += "<div class=\"charts\">";
    for (const auto& g : groups) {
        s += size_chart(in.prof, g);
    }
    return s + "</div></section>";
}

} // namespace grp::html
