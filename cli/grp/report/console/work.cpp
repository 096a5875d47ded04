#include "grp/report/console/work.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/report/text/table.hpp"

#include <cstdio>

namespace grp {

namespace {

const char* caveat =
    "Counts are what the simulator executed: exact and repeatable, but blind to coalescing, "
    "occupancy and caches (the same work can run slower).";

std::string change_text(const work_metric& m) {
    if (m.base == m.candidate) {
        return std::to_string(m.candidate);
    }
    char pct[32];
    std::snprintf(pct, sizeof pct, "%+.1f%%", 100.0 * m.change());
    return std::to_string(m.base) + " -> " + std::to_string(m.candidate) + " (" + pct + ")";
}

std::string headline(const work_comparison& w) {
    std::string s = w.fails() ? "FAIL" : "PASS";
    s += ": " + std::to_string(w.count(work_verdict::same_work)) + " same-work, " +
         std::to_string(w.count(work_verdict::more_work)) + " more-work, " +
         std::to_string(w.count(work_verdict::less_work)) + " less-work";
    for (auto v : {work_verdict::unsafe, work_verdict::wrong, work_verdict::missing,
                   work_verdict::added, work_verdict::skipped}) {
        if (w.count(v) > 0) {
            s += ", " + std::to_string(w.count(v)) + " " + to_string(v);
        }
    }
    char th[32];
    std::snprintf(th, sizeof th, "%g%%", 100.0 * w.threshold);
    return s + " (threshold " + th + ")";
}

text_table table_of(const work_comparison& w, bool colour) {
    text_table t;
    for (const char* c : {"kernel", "type", "layout", "n", "local", "verdict"}) {
        t.add_column(c);
    }
    const char* names[] = {"instructions", "global load B", "global store B", "local B",
                           "barriers"};
    for (const char* c : names) {
        t.add_column(c, text_table::align::right);
    }
    for (const auto& c : w.cases) {
        const bool bad = c.verdict == work_verdict::more_work ||
                         c.verdict == work_verdict::unsafe || c.verdict == work_verdict::wrong ||
                         c.verdict == work_verdict::missing;
        std::vector<text_table::cell> row{{c.key.kernel},
                                          {c.key.type},
                                          {c.key.layout},
                                          {std::to_string(c.key.n)},
                                          {std::to_string(c.key.local_size)},
                                          {to_string(c.verdict), colour && bad ? "31" : nullptr}};
        for (std::size_t i = 0; i < 5; ++i) {
            row.push_back({i < c.metrics.size() ? change_text(c.metrics[i]) : "-"});
        }
        t.add_row(std::move(row));
    }
    return t;
}

void print_notes(std::ostream& os, const work_comparison& w, const char* bullet) {
    for (const auto& c : w.cases) {
        if (!c.note.empty() && c.verdict != work_verdict::added) {
            os << bullet << terminal_escape(c.key.to_string()) << ": " << to_string(c.verdict)
               << ": " << terminal_escape(c.note) << '\n';
        }
    }
}

} // namespace

void print_work_comparison(std::ostream& os, const work_comparison& w, bool colour) {
    os << "Work (check): " << terminal_escape(w.candidate_label) << " vs "
       << terminal_escape(w.base_label) << '\n';
    table_of(w, colour).print(os, colour);
    print_notes(os, w, "  ");
    os << caveat << '\n' << headline(w) << '\n';
}

void print_work_markdown(std::ostream& os, const work_comparison& w) {
    os << "### Work (check): " << (w.fails() ? ":x: " : ":white_check_mark: ") << headline(w)
       << "\n\n";
    table_of(w, false).print_markdown(os);
    os << '\n';
    print_notes(os, w, "- ");
    os << '\n' << caveat << '\n';
}

nlohmann::ordered_json work_to_json(const work_comparison& w) {
    auto cases = nlohmann::ordered_json::array();
    for (const auto& c : w.cases) {
        auto metrics = nlohmann::ordered_json::array();
        for (const auto& m : c.metrics) {
            metrics.push_back({{"name", m.name},
                               {"base", m.base},
                               {"candidate", m.candidate},
                               {"change", m.change()}});
        }
        cases.push_back({{"key", c.key},
                         {"verdict", to_string(c.verdict)},
                         {"metrics", metrics},
                         {"note", c.note}});
    }
    return {{"gate", "work"},
            {"base", w.base_label},
            {"candidate", w.candidate_label},
            {"threshold", w.threshold},
            {"fails", w.fails()},
            {"headline", headline(w)},
            {"cases", cases}};
}

} // namespace grp
