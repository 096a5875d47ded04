#include "grp/report/text/compare_tables.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/report/text/compare_lines.hpp"
#include "grp/report/text/plan_text.hpp"
#include "grp/report/views/compare_cells.hpp"

#include <algorithm>
#include <map>

namespace grp {

text_table case_table_columns(double alpha, const std::string& last) {
    text_table t;
    t.add_column("case");
    t.add_column("base", text_table::align::right);
    t.add_column("candidate", text_table::align::right);
    t.add_column("change", text_table::align::right);
    t.add_column(format_fixed((1 - alpha) * 100, 0) + "% interval", text_table::align::right);
    t.add_column("verdict");
    t.add_column(last);
    return t;
}

std::vector<text_table::cell> case_table_row(const comparison& c, const case_comparison& cc,
                                             const std::string& label, const std::string& last) {
    return {{label},
            {shown_value(cc.base, c.options)},
            {shown_value(cc.cand, c.options)},
            {cc.change() ? signed_percent(*cc.change()) : "-"},
            {interval_cell(cc)},
            {verdict_cell(cc), verdict_colour(cc.outcome)},
            {last}};
}

text_table pair_table(const comparison& c, rows which, bool safe_terminal) {
    auto clean = [&](const std::string& s) {
        return safe_terminal ? terminal_escape(s) : s;
    };
    auto t = case_table_columns(c.options.alpha, "note");
    for (const auto& cc : c.cases) {
        const bool unchanged = cc.outcome == verdict::same && !cc.fails;
        if ((which == rows::changed && unchanged) || (which == rows::unchanged && !unchanged)) {
            continue;
        }
        t.add_row(case_table_row(c, cc, clean(row_label(c, cc)), clean(note_label(cc, c.options))));
    }
    return t;
}

/// Rows: every case of any comparison, worst verdict across candidates first.
text_table matrix_table(const std::vector<comparison>& all, bool safe_terminal) {
    struct row {
        std::string label;
        int worst = 1 << 20;
        std::string base;
        std::vector<text_table::cell> cells;
    };
    std::map<std::string, row> by_label;
    for (std::size_t i = 0; i < all.size(); ++i) {
        for (const auto& cc : all[i].cases) {
            auto& r = by_label[row_label(all[i], cc)];
            r.label =
                safe_terminal ? terminal_escape(row_label(all[i], cc)) : row_label(all[i], cc);
            r.cells.resize(all.size(), {"-"});
            r.worst = std::min(r.worst, static_cast<int>(cc.outcome));
            if (cc.base) {
                r.base = shown_value(cc.base, all[i].options);
            }
            std::string text = to_string(cc.outcome);
            if (cc.change()) {
                text = signed_percent(*cc.change()) + " " + text;
            }
            text +=
                std::string(cc.cross_device || cc.cross_machine ? "~" : "") + (cc.fails ? "!" : "");
            r.cells[i] = {text, verdict_colour(cc.outcome)};
        }
    }
    std::vector<row> ordered;
    ordered.reserve(by_label.size());
    for (auto& [k, r] : by_label) {
        ordered.push_back(std::move(r));
    }
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const row& a, const row& b) { return a.worst < b.worst; });
    text_table t;
    t.add_column("case");
    t.add_column("base", text_table::align::right);
    for (const auto& c : all) {
        // File names, not paths: the columns stay narrow; the full paths are printed above.
        auto slash = c.cand_label.find_last_of('/');
        auto name = slash == std::string::npos ? c.cand_label : c.cand_label.substr(slash + 1);
        t.add_column(safe_terminal ? terminal_escape(name) : name, text_table::align::right);
    }
    for (auto& r : ordered) {
        std::vector<text_table::cell> cells = {{r.label}, {r.base.empty() ? "-" : r.base}};
        cells.insert(cells.end(), r.cells.begin(), r.cells.end());
        t.add_row(std::move(cells));
    }
    return t;
}

std::size_t total_failures(const std::vector<comparison>& all) {
    std::size_t n = 0;
    for (const auto& c : all) {
        n += c.failures();
    }
    return n;
}

namespace {

bool is_undecided(const case_comparison& cc) {
    return cc.outcome == verdict::inconclusive || cc.outcome == verdict::unmeasured ||
           cc.outcome == verdict::biased;
}

} // namespace

std::vector<std::string> long_notes(const comparison& c) {
    std::vector<std::string> out;
    for (const auto& cc : c.cases) {
        if (!is_undecided(cc) && note_label(cc, c.options) != cc.note) {
            out.push_back(row_label(c, cc) + ": " + cc.note);
        }
    }
    return out;
}

std::vector<std::string> undecided(const comparison& c) {
    std::vector<std::string> out;
    for (const auto& cc : c.cases) {
        if (is_undecided(cc)) {
            const auto plan = plan_line(cc, c.options.threshold);
            out.push_back(to_string(cc.outcome) + " " + cc.key.to_string() + ": " + cc.note +
                          (plan.empty() ? "" : "; plan: " + plan));
        }
    }
    return out;
}

std::string summary_line(const comparison& c) {
    std::string s = std::to_string(c.cases.size()) + " cases";
    std::string parts;
    for (auto v : all_verdicts) {
        if (auto n = c.count(v)) {
            parts += (parts.empty() ? "" : ", ") + std::to_string(n) + " " + to_string(v);
        }
    }
    s += parts.empty() ? "." : ": " + parts + ".";
    const auto f = c.failures();
    if (c.control) {
        return s + " " + control_headline(c);
    }
    if (f > 0) {
        s += " FAIL: " + std::to_string(f) + (f == 1 ? " case fails" : " cases fail");
    } else if (const auto b = c.count(verdict::biased)) {
        s += " BIASED: " + std::to_string(b) + " of " + std::to_string(c.timing_cases()) +
             " cases not judged, the A/A control was not the same";
    } else if (c.timing_not_gated()) {
        s += " " + not_gated_headline(c);
    } else if (c.undecided()) {
        s += " " + undecided_headline(c);
    } else {
        s += " PASS: no regression";
    }
    return s + " (fail on " + to_string(c.options.fail_on) + ")";
}

std::string control_headline(const comparison& c) {
    const auto same = c.count(verdict::same);
    const auto off = c.count(verdict::slower) + c.count(verdict::faster);
    const auto cases = c.timing_cases();
    if (off > 0) {
        return "A/A CONTROL BIASED: identical code read slower or faster in " +
               std::to_string(off) + " of " + std::to_string(cases) +
               " cases; the candidates are not judged there";
    }
    if (same == cases && cases > 0) {
        return "A/A control: same in every case, no bias seen";
    }
    return "A/A control: same in " + std::to_string(same) + " of " + std::to_string(cases) +
           " cases; elsewhere the spread it shows is counted in its candidates' intervals (their "
           "four instances, or a bias bound: docs/statistics.md)";
}

namespace {

/// The cases timing_cases counts and timing_judged does not: undecided, or read but not gated.
std::vector<std::string> undecided_case_names(const comparison& c) {
    std::vector<std::string> out;
    for (const auto& cc : c.cases) {
        const bool read = cc.outcome == verdict::same || cc.outcome == verdict::slower ||
                          cc.outcome == verdict::faster;
        if (is_undecided(cc) || (read && c.ungated(cc))) {
            out.push_back(cc.key.to_string());
        }
    }
    return out;
}

} // namespace

std::string undecided_headline(const comparison& c) {
    const auto judged = c.timing_judged();
    const auto timed = c.timing_cases();
    if (timed == 0) {
        return "UNDECIDED: no case was measured on both sides, so timing judged nothing";
    }
    if (judged == 0) {
        return "UNDECIDED: timing judged for 0 of " + std::to_string(timed) + " cases";
    }
    // Some cases judged, none failing: compare exits 0, so the headline is a PASS that names
    // what it did not decide (a gate that reads UNDECIDED on a green job misleads).
    const auto names = undecided_case_names(c);
    const std::size_t shown_most = 3;
    std::string listed;
    for (std::size_t i = 0; i < names.size() && i < shown_most; ++i) {
        listed += (i == 0 ? "" : ", ") + names[i];
    }
    if (names.size() > shown_most) {
        listed += " and " + std::to_string(names.size() - shown_most) + " more";
    }
    return "PASS: no regression in the " +
           (judged == 1 ? std::string("judged case") : std::to_string(judged) + " judged cases") +
           "; " + std::to_string(timed - judged) + " of " + std::to_string(timed) +
           " undecided: " + listed;
}

} // namespace grp
