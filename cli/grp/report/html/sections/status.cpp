// Section "Verification": every case's status; the ones that are not ok listed with reasons.
#include "grp/report/html/sections/status.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/svg/axis.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace grp::html {

namespace {

std::string chip(const char* cls, std::size_t count, const char* word) {
    return "<span class=\"chip " + std::string(cls) + (count == 0 ? " zero" : "") + "\">" +
           std::to_string(count) + " " + word + "</span>";
}

std::string chips(const status_counts& s) {
    return "<p class=\"chips\">" + chip("st-ok", s.ok, "ok") + chip("st-wrong", s.wrong, "wrong") +
           chip("st-wrong", s.implausible, "implausible") +
           chip("st-race", s.race_observed, "race observed") + chip("st-race", s.unsafe, "unsafe") +
           chip("st-failed", s.failed, "failed") + chip("st-skipped", s.skipped, "skipped") +
           "</p>";
}

std::string sci(std::optional<double> v) {
    if (!v) {
        return "";
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", *v);
    return buf;
}

std::string values_text(const std::vector<double>& v) {
    std::string s;
    for (double x : v) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.9g", x);
        s += (s.empty() ? "" : ", ") + std::string(buf);
    }
    return s;
}

row problem_row(const std::vector<report_input>& inputs, std::size_t p, const case_result& c) {
    row r;
    r.cls = "row-" + status_class(c.status);
    if (inputs.size() > 1) {
        r.cells.emplace_back(profile_tag(p));
    }
    std::vector<cell> rest = {
        {c.key.kernel},
        {c.key.type},
        {c.key.layout},
        {format_count(c.key.n), static_cast<double>(c.key.n)},
        {std::to_string(c.key.local_size), static_cast<double>(c.key.local_size)},
        {c.scenario},
        {to_string(c.status), std::nullopt, "", status_badge(c.status)},
        {c.reason},
        {values_text(c.result)},
        {values_text(c.reference)},
        {sci(c.rel_error), c.rel_error},
        {sci(c.tolerance), c.tolerance},
    };
    r.cells.insert(r.cells.end(), rest.begin(), rest.end());
    return r;
}

/// Skipped cases grouped by reason: one row per distinct reason with its count and kernels (a
/// sweep skips whole columns for one reason, e.g. a local size over the kernel's limit).
std::string skipped_summary(const std::vector<report_input>& inputs) {
    struct group {
        std::string reason;
        std::size_t count = 0;
        std::vector<std::string> kernels;
    };
    std::vector<group> groups;
    for (const auto& in : inputs) {
        for (const auto& c : in.prof.cases) {
            if (c.status != case_status::skipped) {
                continue;
            }
            auto it = std::find_if(groups.begin(), groups.end(),
                                   [&](const group& g) { return g.reason == c.reason; });
            if (it == groups.end()) {
                groups.push_back({c.reason, 0, {}});
                it = std::prev(groups.end());
            }
            ++it->count;
            if (std::find(it->kernels.begin(), it->kernels.end(), c.key.kernel) ==
                it->kernels.end()) {
                it->kernels.push_back(c.key.kernel);
            }
        }
    }
    if (groups.empty()) {
        return "";
    }
    std::vector<row> rows;
    for (const auto& g : groups) {
        std::string kernels;
        for (const auto& k : g.kernels) {
            kernels += (kernels.empty() ? "" : ", ") + k;
        }
        rows.push_back({{{g.reason.empty() ? "(no reason given)" : g.reason},
                         {std::to_string(g.count), static_cast<double>(g.count)},
                         {kernels}},
                        "row-st-skipped"});
    }
    return "<h3>Skipped</h3>" +
           para("Cases that could not run here, by reason (the all-cases table lists each).") +
           render_table({{"reason"}, {"cases", true}, {"kernels"}}, rows, "compact sortable");
}

std::vector<column> problem_columns(bool several_profiles) {
    std::vector<column> cols;
    if (several_profiles) {
        cols.emplace_back("profile");
    }
    std::vector<column> rest = {
        {"kernel"},      {"type"},      {"layout"},           {"n", true},
        {"local", true}, {"scenario"},  {"status"},           {"reason"},
        {"result"},      {"reference"}, {"rel. error", true}, {"tolerance", true}};
    cols.insert(cols.end(), rest.begin(), rest.end());
    return cols;
}

} // namespace

std::string section_status(const std::vector<report_input>& inputs) {
    std::string s = section_open("verification", "Verification");
    std::vector<row> rows;
    bool any_skipped = false;
    for (std::size_t p = 0; p < inputs.size(); ++p) {
        const auto counts = count_statuses(inputs[p].prof);
        any_skipped = any_skipped || counts.skipped > 0;
        s += "<div class=\"statusline\">";
        if (inputs.size() > 1) {
            s += "<strong>" + html_escape(profile_tag(p)) + "</strong> ";
        }
        s += chips(counts) + "</div>";
        for (const auto& c : inputs[p].prof.cases) {
            if (c.status != case_status::ok && c.status != case_status::skipped) {
                rows.push_back(problem_row(inputs, p, c));
            }
        }
    }
    if (rows.empty() && !any_skipped) {
        return s + para("Every case was verified against the host reference.", "good") +
               "</section>";
    }
    s += para("Every result is checked once outside the timed loop: integers exactly, floats "
              "against a double-precision host sum with a tolerance derived from n. A wrong "
              "result is a finding (e.g. a lock-step kernel on a device where that is unsafe), "
              "not hidden. race-observed marks the barrier scenario's barrier-less kernel "
              "giving wrong answers, as expected.");
    if (rows.empty()) {
        s += para("Every case that ran was verified against the host reference.", "good");
    } else {
        s += render_table(problem_columns(inputs.size() > 1), rows, "compact sortable problems");
    }
    return s + skipped_summary(inputs) + "</section>";
}

} // namespace grp::html
