#include "grp/report/html/page.hpp"

#include "grp/core/strings.hpp"
#include "grp/core/units.hpp"
#include "grp/report/html/assets.hpp"
#include "grp/report/html/charts/distributions.hpp"
#include "grp/report/html/charts/energy.hpp"
#include "grp/report/html/charts/layouts.hpp"
#include "grp/report/html/charts/matrix.hpp"
#include "grp/report/html/charts/sizes.hpp"
#include "grp/report/html/charts/throughput.hpp"
#include "grp/report/html/csp.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/scenarios/scenarios.hpp"
#include "grp/report/html/sections/best.hpp"
#include "grp/report/html/sections/cases.hpp"
#include "grp/report/html/sections/compare.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/html/sections/findings.hpp"
#include "grp/report/html/sections/status.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/report_facts.hpp"

#include <algorithm>
#include <cassert>

namespace grp::html {

namespace {

std::vector<std::string> device_names(const std::vector<report_input>& inputs) {
    std::vector<std::string> names;
    for (const auto& in : inputs) {
        for (const auto& d : in.prof.devices) {
            if (std::find(names.begin(), names.end(), d.info.name) == names.end()) {
                names.push_back(d.info.name);
            }
        }
    }
    return names;
}

std::string head(const std::string& title, const page_options& opt) {
    // Our own text: keywords in single quotes and base64 hashes, nothing to escape (and
    // escaping the quotes would make the policy unreadable in the page source).
    const auto csp = content_security_policy({page_head_script(), page_body_script()});
    assert(csp.find_first_of("\"<>&") == std::string::npos);
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
           "<meta http-equiv=\"Content-Security-Policy\" content=\"" +
           csp +
           "\"><meta name=\"color-scheme\" content=\"light dark\">"
           "<meta name=\"generator\" content=\"" +
           html_escape(opt.generator) + "\"><title>" + html_escape(title) + "</title><script>" +
           std::string(page_head_script()) + "</script><style>" + std::string(page_css()) +
           "</style></head>\n";
}

/// Per profile: the fastest verified case of each kernel family, type and size.
std::string section_summary(const std::vector<report_input>& inputs) {
    std::vector<row> rows;
    std::size_t above = 0;
    for (std::size_t p = 0; p < inputs.size(); ++p) {
        const auto& prof = inputs[p].prof;
        for (const auto* c : best_cases(prof)) {
            above += c->above_peak ? 1 : 0;
            row r;
            if (inputs.size() > 1) {
                r.cells.emplace_back(profile_tag(p));
            }
            std::vector<cell> rest = {
                {device_name(prof, c->device)},
                {kernel_family(prof, c->key.kernel)},
                {c->key.type},
                {format_count(c->key.n), static_cast<double>(c->key.n)},
                {c->key.kernel + (c->key.layout == "flat" ? "" : " (" + c->key.layout + ")")},
                {std::to_string(c->key.local_size), static_cast<double>(c->key.local_size)},
                {format_opt(c->gbps), c->gbps},
                {pct_of_peak_text(*c), c->pct_of_peak, c->above_peak ? "above-peak" : ""},
                {c->summary ? format_ns(c->summary->median_ns) : "",
                 c->summary ? std::optional<double>(c->summary->median_ns) : std::nullopt}};
            r.cells.insert(r.cells.end(), rest.begin(), rest.end());
            rows.push_back(std::move(r));
        }
    }
    if (rows.empty()) {
        return "";
    }
    std::vector<column> cols;
    if (inputs.size() > 1) {
        cols.emplace_back("profile");
    }
    std::vector<column> rest = {{"device"},     {"family"},          {"type"},
                                {"n", true},    {"best kernel"},     {"local", true},
                                {"GB/s", true}, {"% of peak", true}, {"median time", true}};
    cols.insert(cols.end(), rest.begin(), rest.end());
    return section_open("summary", "Best per kernel family") +
           para("The fastest verified case of each kernel family, type and size.") +
           (above > 0 ? para(above_peak_note(above), "warn") : "") +
           render_table(cols, rows, "compact sortable") + "</section>";
}

struct part {
    std::string id, title, html;
};

std::vector<part> sections(const std::vector<report_input>& inputs, const page_options& opt) {
    std::vector<part> parts;
    auto add = [&](std::string id, std::string title, std::string html) {
        if (!html.empty()) {
            parts.push_back({std::move(id), std::move(title), std::move(html)});
        }
    };
    add("summary", "Summary", section_summary(inputs));
    add("best-config", "Best configuration", section_best_configs(inputs));
    add("comparison", "Comparison", section_compare(inputs, opt.compare));
    add("matrix", "Matrix", section_matrix(inputs));
    add("throughput", "Throughput", section_throughput(inputs));
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string tag = inputs.size() > 1 ? profile_tag(i) : "";
        const std::string sfx = tag.empty() ? "" : "-" + html_id(tag);
        const std::string t = tag.empty() ? "" : " " + tag;
        add("sizes" + sfx, "Sizes" + t, section_sizes(inputs[i], tag));
        add("layouts" + sfx, "Layouts" + t, section_layouts(inputs[i], tag));
        add("energy" + sfx, "Energy" + t, section_energy(inputs[i], tag));
        add("scenarios" + sfx, "Scenarios" + t, section_scenarios(inputs[i], tag));
    }
    add("samples", "Samples", section_distributions(inputs, opt.log_time));
    add("findings", "Findings", section_findings(inputs));
    add("verification", "Verification", section_status(inputs));
    add("context", "Devices", section_context(inputs));
    add("cases", "All cases", section_cases(inputs));
    return parts;
}

std::string page_header(const std::vector<report_input>& inputs, const std::string& title,
                        const std::vector<part>& parts) {
    std::string s = "<header><h1>" + html_escape(title) + "</h1><p class=\"sub\">";
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& in = inputs[i];
        s += (i ? "<br>" : "") +
             html_escape((inputs.size() > 1 ? profile_tag(i) + ": " : "") + in.path + " \xC2\xB7 " +
                         std::to_string(in.prof.cases.size()) + " cases \xC2\xB7 " +
                         (in.prof.host.started_at.empty() ? std::string("time unknown")
                                                          : in.prof.host.started_at));
    }
    s += "</p><nav aria-label=\"Sections\">";
    for (const auto& p : parts) {
        s += "<a href=\"#" + html_escape(p.id) + "\">" + html_escape(p.title) + "</a>";
    }
    return s + "</nav></header>\n";
}

} // namespace

std::string render_report(const std::vector<report_input>& inputs, const page_options& opt) {
    const std::string title = !opt.title.empty()
                                  ? opt.title
                                  : "gpu-reduce-prof report: " + joined(device_names(inputs), ", ");
    const auto parts = sections(inputs, opt);
    std::string s = head(title, opt) + "<body>\n" + page_header(inputs, title, parts) + "<main>\n";
    for (const auto& p : parts) {
        s += p.html + "\n";
    }
    s += "</main><footer>Generated by " + html_escape(opt.generator) +
         ". This page is self-contained: it loads nothing from the network. Hover a point or "
         "bar for its values.</footer>\n"
         "<div id=\"grp-selfcheck\" hidden></div>\n<script>" +
         std::string(page_body_script()) + "</script>\n</body></html>\n";
    return s;
}

} // namespace grp::html
