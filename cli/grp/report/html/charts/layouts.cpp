// Section "Data layouts": aos12 / aos16 / soa side by side per local size, in records/s (the fair
// measure: aos16 moves 16 bytes per record where the others move 12) and in GB/s.
#include "grp/report/html/charts/layouts.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/json.hpp"
#include "grp/report/svg/axis.hpp"
#include "grp/report/svg/bar_chart.hpp"
#include "grp/report/svg/chart.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/report_facts.hpp"

#include <algorithm>

namespace grp::html {

namespace {

std::vector<std::uint64_t> local_sizes_of(const case_group& g) {
    std::vector<std::uint64_t> out;
    for (const auto* c : g.cases) {
        out.push_back(c->key.local_size);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

rate_unit records_unit(const case_group& g) {
    double max = 0;
    for (const auto* c : g.cases) {
        max = std::max(max, c->elements_per_s.value_or(0));
    }
    return rate_unit_for(max);
}

svg::bar_chart layout_chart(const case_group& g, bool elements) {
    const auto unit = records_unit(g);
    svg::bar_chart b;
    b.title = g.label + " \xC2\xB7 " + g.type + " \xC2\xB7 n = " + format_count(g.n) +
              (elements ? " records \xE2\x80\x94 records/s" : " records \xE2\x80\x94 bandwidth");
    b.x_label = "local size (work-items per group)";
    b.y_label = elements ? unit.prefix + " records/s" : "GB/s";
    b.series_names = layouts_of(g);
    const auto locals = local_sizes_of(g);
    for (auto l : locals) {
        b.categories.push_back(std::to_string(l));
    }
    const std::size_t ns = b.series_names.size(), nc = locals.size();
    b.values.assign(ns, std::vector<std::optional<double>>(nc));
    b.tips.assign(ns, std::vector<std::string>(nc));
    b.flagged.assign(ns, std::vector<bool>(nc, false));
    for (const auto* c : g.cases) {
        auto s = static_cast<std::size_t>(
            std::find(b.series_names.begin(), b.series_names.end(), c->key.layout) -
            b.series_names.begin());
        auto i = static_cast<std::size_t>(
            std::find(locals.begin(), locals.end(), c->key.local_size) - locals.begin());
        std::optional<double> v =
            elements ? (c->elements_per_s ? std::optional<double>(*c->elements_per_s / unit.factor)
                                          : std::nullopt)
                     : c->gbps;
        if (!v) {
            continue;
        }
        b.values[s][i] = v;
        b.flagged[s][i] = c->status == case_status::wrong;
        b.tips[s][i] = c->key.layout + ", local " + std::to_string(c->key.local_size) + ": " +
                       svg::format_value(*v) + " " + b.y_label +
                       (c->status == case_status::ok ? "" : " (" + to_string(c->status) + ")");
    }
    return b;
}

// Per layout: bytes per record and the best records/s over the local sizes, relative to soa (as
// run's layout table: the split layout is the reference every AoS is measured against).
std::string layout_summary(const case_group& g) {
    std::vector<row> rows;
    for (const auto& [l, c, rel] : best_per_layout(g)) {
        auto bpe = c ? bytes_per_element(*c) : std::nullopt;
        rows.push_back({{{l},
                         {format_opt(bpe, 0) + " B", bpe},
                         {c ? svg::format_value(*c->elements_per_s) : "n/a"},
                         {c ? std::to_string(c->key.local_size) : "n/a"},
                         {c ? format_opt(c->gbps) : "n/a"},
                         {rel ? format_fixed(*rel, 2) + "\xC3\x97" : "n/a", rel}},
                        ""});
    }
    return render_table({{"layout"},
                         {"bytes per record", true},
                         {"best records/s", true},
                         {"at local size", true},
                         {"GB/s there", true},
                         {"vs soa", true, "best records/s relative to soa's best"}},
                        rows, "compact");
}

bool any_wrong(const case_group& g) {
    return std::any_of(g.cases.begin(), g.cases.end(),
                       [](const case_result* c) { return c->status == case_status::wrong; });
}

} // namespace

std::string section_layouts(const report_input& in, const std::string& tag) {
    const auto groups = layout_groups(in.prof);
    if (groups.empty()) {
        return "";
    }
    std::string s =
        section_open("layouts" + (tag.empty() ? "" : "-" + html_id(tag)),
                     "Data layouts (vec3 sum)" + (tag.empty() ? "" : " \xE2\x80\x94 " + tag));
    s += para("The same x, y, z records as packed 12-byte structs (aos12), 16-byte aligned structs "
              "(aos16) and three separate arrays (soa). Records per second is the fair measure; "
              "GB/s counts the bytes each layout moves, so aos16 can move more bytes yet finish "
              "later.");
    for (const auto& g : groups) {
        if (in.prof.devices.size() > 1) {
            s += "<h3>" + html_escape(device_name(in.prof, g.device)) + "</h3>";
        }
        s += "<div class=\"charts\">" +
             figure(svg::render_bar_chart(layout_chart(g, true)),
                    any_wrong(g) ? "Red outline: wrong result." : "") +
             figure(svg::render_bar_chart(layout_chart(g, false))) + "</div>" + layout_summary(g);
    }
    const auto& facts = in.prof.scenarios;
    if (facts.is_object() && facts.contains("layouts")) {
        s += "<details><summary>Recorded layout facts (record sizes and alignment on the host "
             "and the device)</summary>" +
             json_summary(facts["layouts"]) + "</details>";
    }
    return s + "</section>";
}

} // namespace grp::html
