#include "grp/report/html/sections/history.hpp"

#include "grp/report/html/elements.hpp"
#include "grp/report/svg/chart.hpp"
#include "grp/report/svg/line_chart.hpp"
#include "grp/report/text/compare_lines.hpp"
#include "grp/report/text/history_text.hpp"

#include <algorithm>
#include <cmath>

namespace grp::html {

namespace {

std::string findings_table(const history_result& r) {
    std::vector<row> rows;
    for (const auto& f : r.findings) {
        const auto& s = r.time.series[f.series];
        rows.push_back({{cell(f.fails            ? "fails"
                              : f.waived.empty() ? ""
                                                 : "waived",
                              {}, f.fails ? "st-wrong" : ""),
                         cell(to_string(f.kind)), cell(change_words(f), f.change),
                         cell(case_words(s.key)), cell(s.device.model), cell(finding_range(r, f)),
                         cell(f.evidence), cell(f.cause ? cause_text(*f.cause) : "")}});
    }
    const bool causes = std::any_of(r.findings.begin(), r.findings.end(),
                                    [](const history_finding& f) { return f.cause.has_value(); });
    if (!causes) { // no check profile beside any step: the page as before, without the column
        for (auto& rw : rows) {
            rw.cells.pop_back();
        }
    }
    std::vector<column> columns = {column(""),        column("finding"), column("change", true),
                                   column("case"),    column("device"),  column("range"),
                                   column("evidence")};
    if (causes) {
        columns.emplace_back("why slower");
    }
    return render_table(columns, rows, "sortable");
}

/// The points of series `s` split at its steps: one chart series per level.
std::vector<svg::series> levels(const history_result& r, std::size_t index) {
    const auto& s = r.time.series[index];
    std::vector<std::size_t> cuts;
    for (const auto& f : r.findings) {
        if (f.series == index && f.kind == finding_kind::step) {
            cuts.push_back(f.first_bad);
        }
    }
    std::sort(cuts.begin(), cuts.end());
    std::vector<svg::series> out(1);
    out[0].name = "level 1";
    for (const auto& p : s.points) {
        if (out.size() <= cuts.size() && p.place >= cuts[out.size() - 1]) {
            out.push_back({"level " + std::to_string(out.size() + 1), {}});
        }
        const auto& place = r.time.places[p.place];
        out.back().points.push_back(
            {static_cast<double>(p.place), std::exp(p.value) / 1e3,
             std::exp(p.value - 2 * p.se) / 1e3, std::exp(p.value + 2 * p.se) / 1e3, false,
             (place.commit.empty() ? place.source : short_commit(place.commit)) + ": " +
                 std::to_string(std::exp(p.value) / 1e3) + " us"});
    }
    return out;
}

/// What the x axis reads at each place (#71: it read "0 … 10"): the commit's short hash, else
/// the profile's file name.
std::vector<std::string> place_names(const history_result& r) {
    std::vector<std::string> out;
    out.reserve(r.time.places.size());
    for (const auto& p : r.time.places) {
        const auto slash = p.source.find_last_of("/:");
        out.push_back(!p.commit.empty()            ? p.commit.substr(0, 7)
                      : slash == std::string::npos ? p.source
                                                   : p.source.substr(slash + 1));
    }
    return out;
}

std::string series_figure(const history_result& r, std::size_t index) {
    const auto& s = r.time.series[index];
    svg::line_chart chart;
    chart.title = case_words(s.key) + " on " + s.device.model;
    chart.x_label = "profile (commit or file), ordered " + r.time.ordering;
    chart.x_names = place_names(r);
    chart.y_label = "median time (us)";
    chart.log2_x = false;
    chart.lines = levels(r, index);
    std::string caption = to_string(r.verdicts[index].state);
    for (const auto& e : s.events) {
        caption += "; " + e.what + " at " + r.time.places[e.place].source;
    }
    return figure(svg::render_line_chart(chart), caption);
}

} // namespace

std::string history_sections(const history_result& r, const history_options& opt) {
    std::string s = section_open("findings", "Findings");
    s += r.findings.empty() ? para("No step, drift or status change found.") : findings_table(r);
    s += para(census_line(r, opt) + ". " + input_line(r, 0) + ".") + "</section>\n";
    s += section_open("series", "Series");
    std::vector<std::size_t> order(r.time.series.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    const auto fails = [&r](std::size_t i) {
        return std::any_of(r.findings.begin(), r.findings.end(),
                           [i](const auto& f) { return f.series == i && f.fails; });
    };
    std::stable_partition(order.begin(), order.end(), fails);
    for (const auto i : order) {
        if (!r.time.series[i].points.empty()) {
            s += series_figure(r, i);
        }
    }
    return s + "</section>\n";
}

} // namespace grp::html
