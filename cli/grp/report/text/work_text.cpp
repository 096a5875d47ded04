#include "grp/report/text/work_text.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/report/views/case_matrix.hpp"

#include <algorithm>
#include <cstdio>

namespace grp {

const char* const work_caveat =
    "Counts are what the simulator executed: exact and repeatable; with access metrics on both "
    "sides the gate sees coalescing, bank conflicts and divergence too, never occupancy or "
    "caches (the same work can run slower).";

namespace {

std::string change_text(const work_metric& m) {
    if (m.base == m.candidate) {
        return std::to_string(m.candidate);
    }
    char pct[32];
    std::snprintf(pct, sizeof pct, "%+.1f%%", 100.0 * m.change());
    return std::to_string(m.base) + " -> " + std::to_string(m.candidate) + " (" + pct + ")";
}

} // namespace

std::string work_headline(const work_comparison& w) {
    std::string s = w.fails() ? "FAIL" : "PASS";
    s += ": " + std::to_string(w.count(work_verdict::same_work)) + " same-work, " +
         std::to_string(w.count(work_verdict::more_work)) + " more-work, " +
         std::to_string(w.count(work_verdict::less_work)) + " less-work";
    for (auto v :
         {work_verdict::worse_access, work_verdict::better_access, work_verdict::unsafe,
          work_verdict::wrong, work_verdict::missing, work_verdict::added, work_verdict::skipped}) {
        if (w.count(v) > 0) {
            s += ", " + std::to_string(w.count(v)) + " " + to_string(v);
        }
    }
    char th[32];
    std::snprintf(th, sizeof th, "%g%%", 100.0 * w.threshold);
    return s + " (threshold " + th + ")";
}

namespace {

// A case's tuning parameters, "TILE=8 UNROLL=2" ("" without any).
std::string work_params_of(const case_key& k) {
    std::string s;
    for (const auto& [name, value] : k.params) {
        s += (s.empty() ? "" : " ") + name + "=" + value;
    }
    return s;
}

} // namespace

text_table work_table(const work_comparison& w, bool colour) {
    const bool params = std::any_of(w.cases.begin(), w.cases.end(),
                                    [](const work_case& c) { return !c.key.params.empty(); });
    text_table t;
    for (const char* c : {"kernel", "type", "layout", "n", "local"}) {
        t.add_column(c);
    }
    if (params) { // configurations of one kernel would read as the same row (#71 item 3)
        t.add_column("params");
    }
    t.add_column("verdict");
    const char* names[] = {"instructions", "global load B", "global store B", "local B",
                           "barriers"};
    for (const char* c : names) {
        t.add_column(c, text_table::align::right);
    }
    for (const auto& c : w.cases) {
        const bool bad = c.verdict == work_verdict::more_work ||
                         c.verdict == work_verdict::worse_access ||
                         c.verdict == work_verdict::unsafe || c.verdict == work_verdict::wrong ||
                         c.verdict == work_verdict::missing;
        std::vector<text_table::cell> row{{c.key.kernel},
                                          {type_label(c.key, false)},
                                          {c.key.layout},
                                          {std::to_string(c.key.n)},
                                          {std::to_string(c.key.local_size)}};
        if (params) {
            row.push_back({work_params_of(c.key)});
        }
        row.push_back({to_string(c.verdict), colour && bad ? "31" : nullptr});
        for (std::size_t i = 0; i < 5; ++i) {
            row.push_back({i < c.metrics.size() ? change_text(c.metrics[i]) : "-"});
        }
        t.add_row(std::move(row));
    }
    return t;
}

void print_work_notes(std::ostream& os, const work_comparison& w, const char* bullet) {
    for (const auto& c : w.cases) {
        if (!c.note.empty() && c.verdict != work_verdict::added) {
            os << bullet << terminal_escape(c.key.to_string()) << ": " << to_string(c.verdict)
               << ": " << terminal_escape(c.note) << '\n';
        }
    }
}

} // namespace grp
