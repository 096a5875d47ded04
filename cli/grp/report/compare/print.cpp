#include "grp/report/compare/print.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/report/compare/cells.hpp"
#include "grp/report/escape.hpp"
#include "grp/report/table.hpp"

#include <algorithm>
#include <map>

namespace grp {

namespace {

enum class rows { all, changed, unchanged };

text_table pair_table(const comparison& c, rows which, bool safe_terminal) {
    auto clean = [&](const std::string& s) {
        return safe_terminal ? terminal_escape(s) : s;
    };
    text_table t;
    t.add_column("case");
    t.add_column("base", text_table::align::right);
    t.add_column("candidate", text_table::align::right);
    t.add_column("change", text_table::align::right);
    t.add_column(format_fixed((1 - c.options.alpha) * 100, 0) + "% interval",
                 text_table::align::right);
    t.add_column("verdict");
    t.add_column("note");
    for (const auto& cc : c.cases) {
        const bool unchanged = cc.outcome == verdict::same && !cc.fails;
        if ((which == rows::changed && unchanged) || (which == rows::unchanged && !unchanged)) {
            continue;
        }
        t.add_row({{clean(row_label(c, cc))},
                   {shown_value(cc.base, c.options)},
                   {shown_value(cc.cand, c.options)},
                   {cc.change() ? signed_percent(*cc.change()) : "-"},
                   {interval_cell(cc)},
                   {verdict_cell(cc), verdict_colour(cc.outcome)},
                   {clean(cc.note)}});
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

/// The cases nobody may overlook: undecided (inconclusive) and unmeasured, with the reason.
std::vector<std::string> undecided(const comparison& c) {
    std::vector<std::string> out;
    for (const auto& cc : c.cases) {
        if (cc.outcome == verdict::inconclusive || cc.outcome == verdict::unmeasured) {
            out.push_back(to_string(cc.outcome) + " " + cc.key.to_string() + ": " + cc.note);
        }
    }
    return out;
}

// What differs between the two profiles' run contexts, as a small table (values escaped by
// text_table: an environment variable may hold anything).
void print_context_table(std::ostream& os, const comparison& c) {
    if (c.context.empty()) {
        return;
    }
    text_table t;
    t.add_column("context that differs");
    t.add_column("base");
    t.add_column("candidate");
    for (const auto& d : c.context) {
        t.add_row({{d.what}, {d.base}, {d.cand}});
    }
    t.print(os, false, "  ");
}

void print_context_markdown(std::ostream& os, const comparison& c) {
    if (c.context.empty()) {
        return;
    }
    text_table t; // print_markdown escapes every cell
    t.add_column("context that differs");
    t.add_column("base");
    t.add_column(c.cand_label);
    for (const auto& d : c.context) {
        t.add_row({{d.what}, {d.base}, {d.cand}});
    }
    t.print_markdown(os);
    os << '\n';
}

void print_header(std::ostream& os, const std::vector<comparison>& all) {
    os << "base: " << terminal_escape(all.front().base_label)
       << (all.front().base_runs > 1 ? " (" + std::to_string(all.front().base_runs) + " runs)" : "")
       << '\n';
    for (const auto& c : all) {
        os << "candidate: " << terminal_escape(c.cand_label)
           << (c.cand_runs > 1 ? " (" + std::to_string(c.cand_runs) + " runs)" : "") << '\n';
        print_context_table(os, c); // warnings: on stderr, by the command (compare.cpp)
        const auto open = undecided(c);
        if (!open.empty()) {
            os << "  not decided (" << open.size() << "):\n";
            for (const auto& line : open) {
                os << "    " << terminal_escape(line) << '\n';
            }
        }
    }
    os << "(" << terminal_escape(options_line(all.front())) << ")\n\n";
}

} // namespace

std::string summary_line(const comparison& c) {
    std::string s = std::to_string(c.cases.size()) + " cases";
    std::string parts;
    for (auto v : all_verdicts) {
        if (auto n = c.count(v)) {
            parts += (parts.empty() ? "" : ", ") + std::to_string(n) + " " + to_string(v);
        }
    }
    s += parts.empty() ? "." : ": " + parts + ".";
    auto f = c.failures();
    s += f == 0 ? " PASS: no regression"
                : " FAIL: " + std::to_string(f) + (f == 1 ? " case fails" : " cases fail");
    return s + " (fail on " + to_string(c.options.fail_on) + ")";
}

void print_comparisons(std::ostream& os, const std::vector<comparison>& all, bool colour) {
    print_header(os, all);
    if (all.size() == 1) {
        pair_table(all.front(), rows::all, true).print(os, colour);
    } else {
        matrix_table(all, true).print(os, colour);
        os << "(change vs base and verdict; '!' a case that fails, '~' another device or "
              "machine)\n";
    }
    os << '\n';
    for (const auto& c : all) {
        os << (all.size() > 1 ? terminal_escape(c.cand_label) + ": " : "") << summary_line(c)
           << '\n';
    }
}

void print_comparisons_markdown(std::ostream& os, const std::vector<comparison>& all) {
    const comparison& first = all.front();
    const auto failures = total_failures(all);
    os << "### gpu-reduce-prof compare: "
       << (failures == 0
               ? "PASS, no regression"
               : "FAIL, " + std::to_string(failures) + " failing case" + (failures == 1 ? "" : "s"))
       << "\n\nBase `" << markdown_escape(first.base_label) << "`; "
       << markdown_escape(options_line(first)) << ".\n\n";
    for (const auto& c : all) {
        os << "- `" << markdown_escape(c.cand_label) << "`: " << summary_line(c) << '\n';
        for (const auto& w : c.warnings) {
            os << "  - **warning**: " << markdown_escape(w) << '\n';
        }
        for (const auto& line : undecided(c)) {
            os << "  - **not decided**: " << markdown_escape(line) << '\n';
        }
    }
    os << '\n';
    for (const auto& c : all) {
        print_context_markdown(os, c);
    }
    if (all.size() > 1) {
        matrix_table(all, false).print_markdown(os);
        os << "\nEach cell: change vs base and verdict; `!` a case that fails, `~` another device "
              "or machine.\n";
        return;
    }
    auto changed = pair_table(first, rows::changed, false);
    auto unchanged = pair_table(first, rows::unchanged, false);
    if (!changed.empty()) {
        changed.print_markdown(os);
        os << '\n';
    }
    if (!unchanged.empty()) {
        os << "<details><summary>" << first.count(verdict::same)
           << " unchanged cases</summary>\n\n";
        unchanged.print_markdown(os);
        os << "\n</details>\n";
    }
}

} // namespace grp
