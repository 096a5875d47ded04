#include "grp/report/markdown/summary.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/work_gate.hpp"
#include "grp/report/html/charts/throughput_series.hpp"
#include "grp/report/markdown/best.hpp"
#include "grp/report/markdown/compare.hpp"
#include "grp/report/markdown/duet.hpp"
#include "grp/report/markdown/findings.hpp"
#include "grp/report/markdown/fleet.hpp"
#include "grp/report/markdown/matrix.hpp"
#include "grp/report/svg/axis.hpp"
#include "grp/report/text/best_table.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/compare_cells.hpp"
#include "grp/report/views/report_facts.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace grp {
namespace {

using html::report_input;
using strings = std::vector<std::string>;

/// A GitHub table; cells are raw and escaped here. `right[i]` right-aligns column i.
std::string md_table(const strings& titles, const std::vector<strings>& rows,
                     const std::vector<bool>& right = {}) {
    std::string s = "|";
    for (const auto& t : titles) {
        s += " " + markdown_escape(t) + " |";
    }
    s += "\n|";
    for (std::size_t i = 0; i < titles.size(); ++i) {
        s += i < right.size() && right[i] ? " ---: |" : " --- |";
    }
    s += "\n";
    for (const auto& r : rows) {
        s += markdown_row(r);
    }
    return s + "\n";
}

std::string tag_prefix(const std::vector<report_input>& inputs, std::size_t i) {
    return inputs.size() > 1 ? "P" + std::to_string(i + 1) + " " : "";
}

std::string devices_table(const std::vector<report_input>& inputs) {
    std::vector<strings> rows;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        for (const auto& d : inputs[i].prof.devices) {
            rows.push_back({tag_prefix(inputs, i) + d.info.name,
                            d.info.driver_version.value_or("unknown"),
                            d.peak ? html::format_opt(d.peak->read_gbps) : "not measured",
                            d.peak ? html::format_opt(d.peak->copy_gbps) : "not measured",
                            d.simd_width_estimate ? std::to_string(*d.simd_width_estimate) : ""});
        }
    }
    return md_table({"device", "driver", "peak read GB/s", "peak copy GB/s", "SIMD width"}, rows,
                    {false, false, true, true, true});
}

std::string status_line(const html::status_counts& s) {
    std::string line = std::to_string(s.ok) + " ok";
    auto add = [&](std::size_t n, const char* word) {
        if (n > 0) {
            line += ", " + std::to_string(n) + " " + word;
        }
    };
    add(s.wrong, "**wrong**");
    add(s.implausible, "**implausible** (faster than the device reads its bytes)");
    add(s.race_observed, "race observed (barrier scenario)");
    add(s.unsafe, "unsafe (check: the simulator found a race or an invalid access)");
    add(s.failed, "failed");
    add(s.skipped, "skipped");
    return line;
}

std::string best_table(const std::vector<report_input>& inputs) {
    std::vector<strings> rows;
    std::size_t above = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& p = inputs[i].prof;
        above += html::above_peak_cases(p).size();
        for (const auto* c : html::best_cases(p)) {
            rows.push_back({tag_prefix(inputs, i) + html::kernel_family(p, c->key.kernel),
                            c->key.type, format_count(c->key.n),
                            html::config_name(*c), // its parameters too (#71)
                            std::to_string(c->key.local_size), html::format_opt(c->gbps),
                            html::pct_of_peak_text(*c),
                            c->summary ? format_ns(c->summary->median_ns) : ""});
        }
    }
    if (rows.empty()) {
        return "";
    }
    return "### Best per kernel family\n\n" +
           md_table({"family", "type", "n", "best kernel", "local", "GB/s", "% of peak", "median"},
                    rows, {false, false, true, false, true, true, true, true}) +
           (above > 0 ? "**" + markdown_escape(html::above_peak_note(above)) + "**\n\n" : "");
}

std::string layouts_table(const std::vector<report_input>& inputs) {
    std::vector<strings> rows;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        for (const auto& g : html::layout_groups(inputs[i].prof)) {
            for (const auto& b : html::best_per_layout(g)) {
                const auto bpe = b.best ? html::bytes_per_element(*b.best) : std::nullopt;
                rows.push_back({tag_prefix(inputs, i) + g.label, g.type, format_count(g.n),
                                b.layout, bpe ? format_fixed(*bpe, 0) + " B" : "",
                                b.best ? svg::format_value(*b.best->elements_per_s) : "n/a",
                                b.best ? std::to_string(b.best->key.local_size) : "",
                                b.vs_soa ? format_fixed(*b.vs_soa, 2) + "x" : ""});
            }
        }
    }
    if (rows.empty()) {
        return "";
    }
    return "### Layouts (vec3 sum)\n\nBest records/s of each layout over the local sizes.\n\n" +
           md_table(
               {"kernel", "type", "n", "layout", "bytes/record", "records/s", "local", "vs soa"},
               rows, {false, false, true, false, true, true, true, true});
}

std::string problems_table(const std::vector<report_input>& inputs) {
    std::vector<strings> rows;
    std::size_t shown = 0, total = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        for (const auto& c : inputs[i].prof.cases) {
            if (c.status != case_status::wrong && c.status != case_status::failed &&
                c.status != case_status::implausible) {
                continue;
            }
            ++total;
            if (shown++ < 30) {
                char err[32] = "";
                if (c.rel_error) {
                    std::snprintf(err, sizeof err, "%.3g", *c.rel_error);
                }
                rows.push_back({tag_prefix(inputs, i) + c.key.to_string(), to_string(c.status), err,
                                c.reason});
            }
        }
    }
    if (rows.empty()) {
        return "";
    }
    std::string more = total > rows.size() ? "\n…and " + std::to_string(total - rows.size()) +
                                                 " more (see the HTML report).\n\n"
                                           : "";
    return "### Wrong or failed cases\n\n" +
           md_table({"case", "status", "rel. error", "reason"}, rows) + more;
}

std::string wg_probe_lines(const profile& p, const std::vector<const case_result*>& cases) {
    std::string s;
    std::vector<std::string> done;
    for (const auto* first : cases) {
        const std::string device = html::device_name(p, first->device);
        const std::string who =
            first->key.kernel == "wg-probe" ? device : first->key.kernel + " on " + device;
        if (std::find(done.begin(), done.end(), who) != done.end()) {
            continue;
        }
        done.push_back(who);
        std::vector<const case_result*> g;
        for (const auto* c : cases) {
            if (c->device == first->device && c->key.kernel == first->key.kernel) {
                g.push_back(c);
            }
        }
        std::sort(g.begin(), g.end(),
                  [](auto* a, auto* b) { return a->key.local_size < b->key.local_size; });
        std::string series;
        for (const auto* c : g) {
            auto v = html::items_per_s(*c);
            series += (series.empty() ? "" : ", ") + std::to_string(c->key.local_size) + ": " +
                      (v ? svg::format_value(*v) : "n/a");
        }
        auto knee = html::wg_probe_knee(p, *first);
        s += "- wg-probe, " + markdown_escape(who) + ": knee at " +
             (knee ? "**" + std::to_string(*knee) + "** work-items" : std::string("unknown")) +
             ". Work-items/s by local size: " + series + ".\n";
    }
    return s;
}

std::string barrier_table(const std::vector<const case_result*>& cases) {
    std::vector<strings> rows;
    for (const auto* c : cases) {
        auto f = html::wrong_fraction(*c);
        auto runs = html::extra_number(*c, "runs"), wrong = html::extra_number(*c, "wrong_runs");
        rows.push_back({c->key.kernel, std::to_string(c->key.local_size),
                        runs ? format_fixed(*runs, 0) : "", wrong ? format_fixed(*wrong, 0) : "",
                        f ? format_fixed(*f * 100, 1) + "%" : "n/a", to_string(c->status)});
    }
    return "barrier: how often each kernel gave a wrong answer.\n\n" +
           md_table({"kernel", "local", "runs", "wrong runs", "wrong", "status"}, rows,
                    {false, true, true, true, true, false});
}

std::string precision_table(const std::vector<const case_result*>& cases) {
    std::vector<strings> rows;
    for (const auto* c : cases) {
        if (!c->extra.is_object() || !c->extra.contains("values") ||
            !c->extra["values"].is_object()) {
            continue;
        }
        const auto rel = c->extra.value("rel_errors", nlohmann::ordered_json::object());
        const std::string dataset = c->extra.contains("dataset") && c->extra["dataset"].is_string()
                                        ? c->extra["dataset"].get<std::string>()
                                        : c->key.kernel;
        for (const auto& [method, v] : c->extra["values"].items()) {
            std::string err;
            if (rel.is_object() && rel.contains(method) && rel[method].is_number()) {
                char buf[32];
                std::snprintf(buf, sizeof buf, "%.3g", rel[method].get<double>());
                err = buf;
            }
            rows.push_back({dataset, format_count(c->key.n), method, html::json_text(v), err});
        }
    }
    if (rows.empty()) {
        return "";
    }
    return "precision: float sums of the same data by each method.\n\n" +
           md_table({"data set", "n", "method", "sum", "rel. error"}, rows,
                    {false, true, false, true, true});
}

/// Long values (tables kept as JSON) are cut: the HTML report shows them whole.
std::string cut_value(const std::string& v) {
    std::size_t cut = v.size() > 80 ? 77 : v.size();
    while (cut > 0 && cut < v.size() && (static_cast<unsigned char>(v[cut]) & 0xC0) == 0x80) {
        --cut; // never split a UTF-8 sequence
    }
    return cut < v.size() ? v.substr(0, cut) + "..." : v;
}

/// A summary's facts as rows. One kept per device (scenarios.NAME.devices[], mirrored at the
/// top level while there is one device) gives each device's facts once, under its name.
std::vector<strings> summary_rows(const profile& p, const nlohmann::ordered_json& s) {
    std::vector<strings> rows;
    const auto devices = s.find("devices");
    const bool per_device =
        devices != s.end() && devices->is_array() && !devices->empty() &&
        std::all_of(devices->begin(), devices->end(), [](const auto& e) { return e.is_object(); });
    if (!per_device) {
        for (auto& [k, v] : html::flatten(s)) {
            rows.push_back({k, cut_value(v)});
        }
        return rows;
    }
    nlohmann::ordered_json shared = nlohmann::ordered_json::object();
    for (const auto& item : s.items()) {
        const std::string& key = item.key(); // named: lambdas cannot capture bindings
        if (key != "devices" && std::none_of(devices->begin(), devices->end(),
                                             [&](const auto& e) { return e.contains(key); })) {
            shared[key] = item.value();
        }
    }
    for (auto& [k, v] : html::flatten(shared)) {
        rows.push_back({k, cut_value(v)});
    }
    for (const auto& e : *devices) {
        nlohmann::ordered_json facts = e;
        std::string who;
        if (const auto d =
                e.contains("device") ? html::json_device_index(e["device"]) : std::nullopt) {
            who = html::device_name(p, *d) + ": ";
            facts.erase("device");
        }
        for (auto& [k, v] : html::flatten(facts)) {
            rows.push_back({who + k, cut_value(v)});
        }
    }
    return rows;
}

std::string generic_scenario(const profile& p, const std::string& name) {
    if (!p.scenarios.is_object() || !p.scenarios.contains(name)) {
        return "";
    }
    auto rows = summary_rows(p, p.scenarios[name]);
    if (rows.size() > 20) {
        rows.resize(20);
    }
    return rows.empty() ? "" : markdown_escape(name) + ":\n\n" + md_table({"fact", "value"}, rows);
}

std::string markdown_scenarios(const std::vector<report_input>& inputs) {
    std::string s;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& p = inputs[i].prof;
        std::string mine;
        for (const auto& name : html::scenario_names(p)) {
            const auto cases = html::scenario_cases(p, name);
            const std::string precision = name == "precision" ? precision_table(cases) : "";
            if (name == "wg-probe" && !cases.empty()) {
                mine += wg_probe_lines(p, cases) + "\n";
            } else if (name == "barrier" && !cases.empty()) {
                mine += barrier_table(cases);
            } else if (!precision.empty()) {
                mine += precision;
            } else {
                mine += generic_scenario(p, name);
            }
        }
        if (!mine.empty() && inputs.size() > 1) {
            mine = "**P" + std::to_string(i + 1) + "**\n\n" + mine;
        }
        s += mine;
    }
    return s.empty() ? "" : "### Scenarios\n\n" + s;
}

std::string markdown_comparison(const std::vector<report_input>& inputs,
                                const compare_options& opt) {
    if (inputs.size() < 2) {
        return "";
    }
    std::string s = "### Comparison against P1\n\n";
    for (std::size_t i = 1; i < inputs.size(); ++i) {
        if (is_check_profile(inputs[0].prof) && is_check_profile(inputs[i].prof)) {
            std::ostringstream os; // two check profiles: compare's work gate, as compare says it
            print_work_markdown(os, compare_work(inputs[0].prof, inputs[i].prof, 0.01,
                                                 inputs[0].path, inputs[i].path));
            s += os.str() + "\n";
            continue;
        }
        const auto r =
            compare_profiles(inputs[0].prof, inputs[i].prof, opt, inputs[0].path, inputs[i].path);
        std::string counts;
        for (auto v : all_verdicts) {
            if (auto n = r.count(v); n > 0) {
                counts += (counts.empty() ? "" : ", ") + std::to_string(n) + " " + to_string(v);
            }
        }
        s += "**P" + std::to_string(i + 1) + "** (" + markdown_escape(inputs[i].path) +
             "): " + std::to_string(r.common) + " cases in common; " + markdown_escape(counts) +
             ".\n\n";
        std::vector<strings> rows;
        for (const auto& cc : r.cases) {
            if (rows.size() >= 15 || cc.outcome == verdict::same) {
                continue;
            }
            auto ch = cc.change();
            rows.push_back({cc.key.to_string(), to_string(cc.outcome),
                            ch ? format_fixed(*ch * 100, 1) + "%" : "", interval_cell(cc),
                            cc.note});
        }
        if (!rows.empty()) {
            s += md_table({"case", "verdict", "time change", "interval", "note"}, rows,
                          {false, false, true, true, false});
        }
    }
    return s;
}

} // namespace

std::string render_markdown_summary(const std::vector<report_input>& inputs,
                                    const std::string& generator, const compare_options& opt,
                                    cell_value cells) {
    std::string s = "## gpu-reduce-prof summary\n\n";
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& p = inputs[i].prof;
        s += (inputs.size() > 1 ? "**P" + std::to_string(i + 1) + "**: " : std::string()) +
             "Profile " + markdown_escape(inputs[i].path) + ": " + std::to_string(p.cases.size()) +
             " cases" +
             (p.host.started_at.empty() ? "" : ", " + markdown_escape(p.host.started_at)) +
             (p.complete ? "" : " (**incomplete**: the run was interrupted)") +
             ". Verification: " + status_line(html::count_statuses(p)) + ".\n\n";
    }
    std::vector<const profile*> profiles;
    profiles.reserve(inputs.size());
    for (const auto& in : inputs) {
        profiles.push_back(&in.prof);
    }
    // A check profile times nothing: its summary is findings and counts, no timing tables.
    const bool timed = std::any_of(inputs.begin(), inputs.end(), [](const report_input& in) {
        return html::has_timing(in.prof);
    });
    s += devices_table(inputs) +
         (timed ? best_table(inputs) + markdown_best_configs(profiles) + markdown_fleet(profiles) +
                      markdown_matrices(inputs, cells) + layouts_table(inputs)
                : std::string()) +
         markdown_scenarios(inputs) + markdown_findings(inputs) + markdown_access(inputs) +
         problems_table(inputs) + markdown_comparison(inputs, opt) + markdown_duet(inputs, opt);
    if (!generator.empty()) {
        s += "<sub>" + markdown_escape(generator) + "</sub>\n";
    }
    return s;
}

} // namespace grp
