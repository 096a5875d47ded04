// Section "Comparison" (two or more profiles): each profile against the first with compare's
// verdicts (grp/model/compare/compare.hpp: Mann–Whitney U on the raw samples plus a minimum
// effect), and side-by-side GB/s bars per case.
#include "grp/report/html/sections/compare.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/work_gate.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/svg/axis.hpp"
#include "grp/report/svg/bar_chart.hpp"
#include "grp/report/svg/chart.hpp"
#include "grp/report/text/compare_lines.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/compare_cells.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace grp::html {

namespace {

const char* verdict_class(verdict v) {
    switch (v) {
    case verdict::wrong:
    case verdict::implausible:
    case verdict::slower:
    case verdict::missing:
        return "v-bad";
    case verdict::faster:
    case verdict::fixed:
        return "v-good";
    case verdict::same:
        return "v-same";
    default:
        return "v-muted";
    }
}

/// compare's cross-device table (each kernel's best on each side), where the devices differ or
/// no case is in common; "" otherwise.
std::string cross_device_html(const comparison& r) {
    if (r.cross_devices.empty()) {
        return "";
    }
    const auto t = cross_device_text_table(r, false);
    std::vector<column> cols;
    for (std::size_t i = 0; i < t.titles().size(); ++i) {
        cols.emplace_back(t.titles()[i], t.alignment()[i] == text_table::align::right);
    }
    std::vector<row> rows;
    for (const auto& cells : t.rows()) {
        row out;
        for (const auto& c : cells) {
            out.cells.emplace_back(c.text);
        }
        rows.push_back(std::move(out));
    }
    return para(cross_device_caption(r) + ".") + render_table(cols, rows, "compact cross-device");
}

std::string pair_block(const report_input& base, const report_input& cand, std::size_t ci,
                       const compare_options& opt) {
    const auto r = compare_profiles(base.prof, cand.prof, opt, base.path, cand.path);
    std::string s =
        "<h3>" + html_escape(profile_tag(ci) + " against P1") + "</h3>" +
        para(cand.path + " against " + base.path + ": " + std::to_string(r.common) +
             " cases in common. Verdicts from a " + format_fixed((1 - opt.alpha) * 100, 0) +
             "% confidence interval of the change, estimated over the rounds (and "
             "runs) of each case, against a threshold of " +
             format_fixed(opt.threshold * 100, 1) +
             "%; change is the candidate's time against the base's (+ is slower).") +
        verdict_chips(r);
    for (const auto& w : r.warnings) {
        s += para(w, "warn");
    }
    if (!r.context.empty()) {
        std::vector<row> ctx;
        for (const auto& d : r.context) {
            ctx.push_back({{{d.what}, {d.base}, {d.cand}}, ""});
        }
        s += "<details><summary>Context that differs (" + std::to_string(r.context.size()) +
             ")</summary>" + render_table({{"what"}, {"P1"}, {profile_tag(ci)}}, ctx, "compact") +
             "</details>";
    }
    s += cross_device_html(r);
    std::vector<row> rows;
    for (const auto& cc : r.cases) {
        rows.push_back(verdict_row(cc));
    }
    return s + render_table({{"case"},
                             {"verdict"},
                             {"P1 median", true},
                             {profile_tag(ci) + " median", true},
                             {"change", true, "candidate median time / base median time - 1"},
                             {"interval", true, "confidence interval of the change"},
                             {"note"}},
                            rows, "compact sortable verdicts");
}

/// GB/s of every plain case of every profile, grouped like the throughput charts.
struct side_by_side {
    std::vector<std::string> groups;                      ///< chart titles
    std::map<std::string, std::vector<std::string>> rows; ///< group → row labels
    /// group → [row][profile]: the case, or nullptr where that profile has none.
    std::map<std::string, std::vector<std::vector<const case_result*>>> cases;
};

side_by_side collect(const std::vector<report_input>& inputs) {
    side_by_side sb;
    for (std::size_t p = 0; p < inputs.size(); ++p) {
        for (const auto& c : inputs[p].prof.cases) {
            if (!c.scenario.empty() || !c.gbps) {
                continue;
            }
            const std::string g = kernel_family(inputs[p].prof, c.key.kernel) + " \xC2\xB7 " +
                                  c.key.type + " \xC2\xB7 n = " + format_count(c.key.n);
            std::string label = c.key.kernel + (c.key.layout == "flat" ? "" : " " + c.key.layout) +
                                " @" + std::to_string(c.key.local_size);
            auto& labels = sb.rows[g];
            auto& vals = sb.cases[g];
            if (labels.empty()) {
                sb.groups.push_back(g);
            }
            auto it = std::find(labels.begin(), labels.end(), label);
            if (it == labels.end()) {
                labels.push_back(label);
                vals.emplace_back(inputs.size(), nullptr);
                it = std::prev(labels.end());
            }
            auto& slot = vals[static_cast<std::size_t>(it - labels.begin())][p];
            if (slot == nullptr) {
                slot = &c;
            }
        }
    }
    return sb;
}

std::string side_by_side_charts(const std::vector<report_input>& inputs) {
    const auto sb = collect(inputs);
    std::vector<std::string> names;
    for (std::size_t p = 0; p < inputs.size(); ++p) {
        names.push_back(profile_tag(p) + ": " + short_path(inputs[p].path, 34));
    }
    std::string s;
    constexpr std::size_t rows_per_chart = 32;
    for (const auto& g : sb.groups) {
        const auto& labels = sb.rows.at(g);
        const auto& cases = sb.cases.at(g);
        for (std::size_t first = 0; first < labels.size(); first += rows_per_chart) {
            svg::bar_chart b;
            b.title = g + " \xE2\x80\x94 GB/s per case";
            b.y_label = "GB/s (higher is better)";
            b.series_names = names;
            b.values.assign(inputs.size(), {});
            b.tips.assign(inputs.size(), {});
            b.flagged.assign(inputs.size(), {});
            for (std::size_t r = first; r < std::min(labels.size(), first + rows_per_chart); ++r) {
                b.categories.push_back(labels[r]);
                for (std::size_t p = 0; p < inputs.size(); ++p) {
                    const case_result* c = cases[r][p];
                    b.values[p].push_back(c ? c->gbps : std::nullopt);
                    b.flagged[p].push_back(c && c->status == case_status::wrong);
                    b.tips[p].push_back(c ? profile_tag(p) + " " + labels[r] + ": " +
                                                format_opt(c->gbps) + " GB/s" +
                                                (c->status == case_status::ok
                                                     ? ""
                                                     : " (" + to_string(c->status) + ")")
                                          : "");
                }
            }
            bool any_wrong = false;
            for (const auto& f : b.flagged) {
                any_wrong = any_wrong || std::find(f.begin(), f.end(), true) != f.end();
            }
            s += figure(svg::render_hbar_chart(b), any_wrong ? "Red outline: wrong result." : "");
        }
    }
    return s;
}

} // namespace

std::string verdict_chips(const comparison& r) {
    std::string s = "<p class=\"chips\">";
    for (auto v : all_verdicts) {
        if (auto n = r.count(v); n > 0) {
            s += "<span class=\"chip " + std::string(verdict_class(v)) + "\">" + std::to_string(n) +
                 " " + html_escape(to_string(v)) + "</span>";
        }
    }
    return s + "</p>";
}

row verdict_row(const case_comparison& cc) {
    auto median = [](const std::optional<case_side>& s) -> cell {
        if (!s || !s->median_ns) {
            return {s ? to_string(s->status) : "absent"};
        }
        return {format_ns(*s->median_ns), s->median_ns};
    };
    auto change = cc.change();
    return {
        {{cc.key.to_string()},
         {to_string(cc.outcome), std::nullopt, "",
          "<span class=\"badge " + std::string(verdict_class(cc.outcome)) + "\">" +
              html_escape(to_string(cc.outcome)) + "</span>"},
         median(cc.base),
         median(cc.cand),
         {change ? (*change >= 0 ? "+" : "") + format_fixed(*change * 100, 1) + "%" : "", change},
         {interval_cell(cc), cc.ci_low},
         {cc.note + (cc.cross_device ? (cc.note.empty() ? "" : "; ") + std::string("cross-device")
                     : cc.cross_machine
                         ? (cc.note.empty() ? "" : "; ") + std::string("cross-machine")
                         : "")}},
        std::string("row-") + verdict_class(cc.outcome)};
}

// Two check profiles: compare's work gate (same-work, more-work, ...), each case's largest change.
std::string work_block(const report_input& base, const report_input& cand, std::size_t ci) {
    const auto w = compare_work(base.prof, cand.prof, 0.01, base.path, cand.path);
    std::vector<row> rows;
    for (const auto& c : w.cases) {
        const work_metric* most = nullptr;
        for (const auto& m : c.metrics) {
            most = !most || std::abs(m.change()) > std::abs(most->change()) ? &m : most;
        }
        rows.push_back(
            {{{c.key.to_string()},
              {to_string(c.verdict)},
              {most ? most->name + " " + format_fixed(most->change() * 100, 1) + "%" : ""},
              {c.note}},
             ""});
    }
    return "<h3>" + html_escape(profile_tag(ci) + " against P1") + "</h3>" +
           para(cand.path + " against " + base.path + " (check profiles): the work gate, " +
                (w.fails() ? "FAIL" : "PASS") + ", as compare judges it") +
           render_table({{"case"}, {"verdict"}, {"largest change"}, {"note"}}, rows, "compact");
}

std::string section_compare(const std::vector<report_input>& inputs, const compare_options& opt) {
    if (inputs.size() < 2) {
        return "";
    }
    std::string s = section_open("comparison", "Comparison");
    for (std::size_t i = 1; i < inputs.size(); ++i) {
        s += is_check_profile(inputs.front().prof) && is_check_profile(inputs[i].prof)
                 ? work_block(inputs.front(), inputs[i], i)
                 : pair_block(inputs.front(), inputs[i], i, opt);
    }
    if (is_check_profile(inputs.front().prof)) {
        return s + "</section>"; // counts, no times: nothing to draw side by side
    }
    s += "<h3>Side by side</h3>" +
         para("Median GB/s of each case in every profile (labels: kernel @ local size).") +
         "<div class=\"charts\">" + side_by_side_charts(inputs) + "</div>";
    return s + "</section>";
}

} // namespace grp::html
