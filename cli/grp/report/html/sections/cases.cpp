// Section "All cases": one sortable, filterable table of every case of every profile.
#include "grp/report/html/sections/cases.hpp"

#include "grp/core/units.hpp"
#include "grp/model/profile/best.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/views/report_facts.hpp"

#include <algorithm>
#include <cstdio>

namespace grp::html {

namespace {

cell time_cell(std::optional<double> ns) {
    if (!ns || !(*ns > 0)) {
        return {""};
    }
    return {format_ns(*ns), ns};
}

cell sci_cell(std::optional<double> v) {
    if (!v) {
        return {""};
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2g", *v);
    return {buf, v};
}

cell number_cell(std::optional<double> v, int digits) {
    return {v ? format_opt(v, digits) : "", v};
}

/// The columns that tell cases apart here: the profile with several, the device with several,
/// the tuning parameters where a case has any (#71: three configurations read as three
/// identical rows).
struct table_shape {
    bool profiles = false, devices = false, params = false;
};

table_shape shape_of(const std::vector<report_input>& inputs) {
    table_shape t;
    t.profiles = inputs.size() > 1;
    std::vector<std::string> names;
    for (const auto& in : inputs) {
        t.params = t.params || std::any_of(in.prof.cases.begin(), in.prof.cases.end(),
                                           [](const auto& c) { return !c.key.params.empty(); });
        for (const auto& d : in.prof.devices) {
            if (std::find(names.begin(), names.end(), d.info.name) == names.end()) {
                names.push_back(d.info.name);
            }
        }
    }
    t.devices = names.size() > 1;
    return t;
}

row case_row(const report_input& in, std::size_t p, table_shape shape, const case_result& c) {
    row r;
    r.cls = c.status == case_status::ok ? "" : "row-" + status_class(c.status);
    if (shape.profiles) {
        r.cells.emplace_back(profile_tag(p));
    }
    if (shape.devices) {
        r.cells.emplace_back(device_name(in.prof, c.device));
    }
    const auto& s = c.summary;
    std::optional<double> cv_pct = s ? std::optional<double>(s->cv * 100) : std::nullopt;
    std::optional<double> gels =
        c.elements_per_s ? std::optional<double>(*c.elements_per_s / 1e9) : std::nullopt;
    std::vector<cell> rest = {
        {c.scenario},
        {c.key.kernel + (c.key.op == "sum" ? "" : " op=" + c.key.op)},
        {c.key.type},
        {c.key.layout},
        {format_count(c.key.n), static_cast<double>(c.key.n)},
        {std::to_string(c.key.local_size), static_cast<double>(c.key.local_size)},
        {to_string(c.status) + (screened_by_halving(c) ? " (screened)" : ""), std::nullopt, "",
         status_badge(c.status)},
        time_cell(s ? std::optional<double>(s->median_ns) : std::nullopt),
        time_cell(s ? std::optional<double>(s->p5_ns) : std::nullopt),
        time_cell(s ? std::optional<double>(s->p95_ns) : std::nullopt),
        {cv_pct ? format_fixed(*cv_pct, 1) : "", cv_pct},
        {std::to_string(c.samples_ns.size()), static_cast<double>(c.samples_ns.size())},
        number_cell(c.gbps, 1),
        number_cell(gels, 2),
        {pct_of_peak_text(c), c.pct_of_peak, c.above_peak ? "above-peak" : ""},
        sci_cell(c.rel_error),
    };
    if (shape.params) {
        rest.insert(rest.begin() + 2, cell{params_text(c.key, " ")});
    }
    r.cells.insert(r.cells.end(), rest.begin(), rest.end());
    return r;
}

} // namespace

std::string section_cases(const std::vector<report_input>& inputs) {
    const auto shape = shape_of(inputs);
    std::vector<row> rows;
    for (std::size_t p = 0; p < inputs.size(); ++p) {
        for (const auto& c : inputs[p].prof.cases) {
            rows.push_back(case_row(inputs[p], p, shape, c));
        }
    }
    std::vector<column> cols;
    if (shape.profiles) {
        cols.emplace_back("profile");
    }
    if (shape.devices) {
        cols.emplace_back("device");
    }
    std::vector<column> rest = {
        {"scenario"},
        {"kernel"},
        {"type"},
        {"layout"},
        {"n", true, "elements (records for layouts)"},
        {"local", true, "work-items per group"},
        {"status"},
        {"median", true, "median kernel time over the samples (all passes)"},
        {"p5", true},
        {"p95", true},
        {"cv %", true, "coefficient of variation of the samples"},
        {"samples", true},
        {"GB/s", true, "bytes moved / median time"},
        {"G el/s", true, "elements per second / 1e9"},
        {"% peak", true,
         "GB/s against the device's measured peak read (best read shape); >peak: above 105%"},
        {"rel. error", true, "relative error of the result against the host reference"},
    };
    if (shape.params) {
        rest.insert(rest.begin() + 2,
                    column{"params", false, "tuning parameters (kernels/README.md)"});
    }
    cols.insert(cols.end(), rest.begin(), rest.end());
    std::size_t above = 0;
    for (const auto& in : inputs) {
        above += above_peak_cases(in.prof).size();
    }
    return section_open("cases", "All cases") +
           (above > 0 ? para(above_peak_note(above), "warn") : "") +
           "<p class=\"noprint\">Click a column header to sort; type to filter rows. <input "
           "type=\"search\" id=\"case-filter\" placeholder=\"filter: kernel, type, "
           "status\xE2\x80\xA6\" "
           "aria-label=\"Filter the cases\"> <span id=\"case-count\"></span></p>" +
           render_table(cols, rows, "sortable cases", "case-table") + "</section>";
}

} // namespace grp::html
