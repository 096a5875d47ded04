#include "grp/report/compare_print.hpp"

#include "grp/core/units.hpp"
#include "grp/core/version.hpp"
#include "grp/report/table.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

const char* colour_of(verdict v) {
    switch (v) {
    case verdict::wrong:
    case verdict::slower:
    case verdict::missing:
        return "31"; // red: what fails
    case verdict::unknown:
    case verdict::still_wrong:
        return "33"; // yellow: look, but not a new failure
    case verdict::faster:
    case verdict::fixed:
        return "32"; // green
    default:
        return nullptr;
    }
}

/// "+9.86%", "-0.21%", "+141.6%": two decimals below 10 %, one above.
std::string signed_percent(double fraction) {
    auto text = [&](int digits) {
        std::ostringstream os;
        os.setf(std::ios::fixed | std::ios::showpos);
        os.precision(digits);
        os << fraction * 100 << '%';
        return os.str();
    };
    // Decide on the rounded value, so that 9.999 % prints as "+10.0%", not "+10.00%".
    return std::fabs(std::round(fraction * 10000) / 100) < 10 ? text(2) : text(1);
}

/// What a side is compared by: its median time, % of peak, or ratio to the reference.
std::string shown_value(const std::optional<case_side>& s, const compare_options& opt) {
    if (!s) {
        return "-";
    }
    if (s->status != case_status::ok && s->status != case_status::race_observed) {
        return to_string(s->status);
    }
    switch (opt.normalize) {
    case normalization::peak:
        if (s->pct_of_peak) {
            return format_fixed(*s->pct_of_peak, 1) + "% peak";
        }
        break;
    case normalization::kernel:
        if (s->value) {
            return format_fixed(*s->value, 3) + "x ref";
        }
        break;
    case normalization::none:
        break;
    }
    return s->median_ns ? format_ns(*s->median_ns) : "-";
}

/// The case name; with the device when a profile holds the same key on several devices.
std::string row_label(const comparison& c, const case_comparison& cc) {
    auto same_key = std::count_if(c.cases.begin(), c.cases.end(),
                                  [&](const auto& o) { return o.key == cc.key; });
    std::string label = cc.key.to_string();
    if (same_key > 1) {
        label += " @ " + (cc.base ? cc.base->device : cc.cand->device);
    }
    return label;
}

std::string note_of(const case_comparison& cc) {
    std::string n = cc.note;
    if (cc.cross_device && n.find("cross-device") == std::string::npos) {
        n = "cross-device" + (n.empty() ? "" : "; " + n);
    }
    return n;
}

text_table pair_table(const comparison& c, bool changed_only, bool unchanged_only) {
    text_table t;
    t.add_column("case");
    t.add_column("base", text_table::align::right);
    t.add_column("candidate", text_table::align::right);
    t.add_column("change", text_table::align::right);
    t.add_column("p", text_table::align::right);
    t.add_column("verdict");
    t.add_column("note");
    for (const auto& cc : c.cases) {
        bool unchanged = cc.outcome == verdict::same && !cc.fails;
        if ((changed_only && unchanged) || (unchanged_only && !unchanged)) {
            continue;
        }
        std::string v = to_string(cc.outcome) + (cc.fails ? " (fails)" : "");
        t.add_row({{row_label(c, cc)},
                   {shown_value(cc.base, c.options)},
                   {shown_value(cc.cand, c.options)},
                   {cc.change() ? signed_percent(*cc.change()) : "-"},
                   {cc.p_value ? format_p_value(*cc.p_value) : "-"},
                   {v, colour_of(cc.outcome)},
                   {note_of(cc)}});
    }
    return t;
}

/// Rows: every case of any comparison, worst verdict across candidates first.
text_table matrix_table(const std::vector<comparison>& all) {
    struct row {
        std::string label;
        int worst = 1 << 20;
        std::string base;
        std::vector<text_table::cell> cells;
    };
    std::map<std::string, row> rows;
    for (std::size_t i = 0; i < all.size(); ++i) {
        for (std::size_t rank = 0; rank < all[i].cases.size(); ++rank) {
            const auto& cc = all[i].cases[rank];
            auto& r = rows[row_label(all[i], cc)];
            r.label = row_label(all[i], cc);
            r.cells.resize(all.size(), {"-"});
            r.worst = std::min(r.worst, static_cast<int>(cc.outcome));
            if (cc.base) {
                r.base = shown_value(cc.base, all[i].options);
            }
            std::string text = to_string(cc.outcome);
            if (cc.change()) {
                text = signed_percent(*cc.change()) + " " + text;
            }
            text += std::string(cc.cross_device ? "~" : "") + (cc.fails ? "!" : "");
            r.cells[i] = {text, colour_of(cc.outcome)};
        }
    }
    std::vector<row> ordered;
    for (auto& [k, r] : rows) {
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
        t.add_column(slash == std::string::npos ? c.cand_label : c.cand_label.substr(slash + 1),
                     text_table::align::right);
    }
    for (auto& r : ordered) {
        std::vector<text_table::cell> cells = {{r.label}, {r.base.empty() ? "-" : r.base}};
        cells.insert(cells.end(), r.cells.begin(), r.cells.end());
        t.add_row(std::move(cells));
    }
    return t;
}

std::string options_line(const comparison& c) {
    const auto& o = c.options;
    std::ostringstream alpha;
    alpha << o.alpha;
    std::string s = "threshold " + format_fixed(o.threshold * 100, 1) + "%, alpha " + alpha.str() +
                    ", min samples " + std::to_string(o.min_samples) + ", fail on " +
                    to_string(o.fail_on);
    if (o.normalize == normalization::peak) {
        s += ", normalized to each profile's peak bandwidth";
    } else if (o.normalize == normalization::kernel) {
        s += ", normalized to " + o.reference;
    }
    return s;
}

std::size_t total_failures(const std::vector<comparison>& all) {
    std::size_t n = 0;
    for (const auto& c : all) {
        n += c.failures();
    }
    return n;
}

ojson num(const std::optional<double>& v) {
    return v && std::isfinite(*v) ? ojson(*v) : ojson(nullptr);
}

ojson side_json(const std::optional<case_side>& s) {
    if (!s) {
        return nullptr;
    }
    return ojson{{"status", to_string(s->status)},
                 {"reason", s->reason.empty() ? ojson(nullptr) : ojson(s->reason)},
                 {"device", s->device},
                 {"samples", s->samples},
                 {"median_ns", num(s->median_ns)},
                 {"value", num(s->value)},
                 {"pct_of_peak", num(s->pct_of_peak)}};
}

ojson comparison_json(const comparison& c) {
    ojson verdicts = ojson::object();
    for (auto v : all_verdicts) {
        verdicts[to_string(v)] = c.count(v);
    }
    ojson context = ojson::array();
    for (const auto& d : c.context) {
        context.push_back({{"what", d.what}, {"base", d.base}, {"candidate", d.cand}});
    }
    ojson cases = ojson::array();
    for (const auto& cc : c.cases) {
        cases.push_back({{"case", cc.key.to_string()},
                         {"key", cc.key},
                         {"verdict", to_string(cc.outcome)},
                         {"fails", cc.fails},
                         {"cross_device", cc.cross_device},
                         {"ratio", num(cc.ratio)},
                         {"change", num(cc.change())},
                         {"p_value", num(cc.p_value)},
                         {"exact_p", cc.exact_p},
                         {"prob_slower", num(cc.prob_slower)},
                         {"note", cc.note},
                         {"base", side_json(cc.base)},
                         {"candidate", side_json(cc.cand)}});
    }
    const auto& o = c.options;
    return ojson{
        {"candidate", c.cand_label},
        {"failed", c.failed()},
        {"failures", c.failures()},
        {"common_cases", c.common},
        {"verdicts", verdicts},
        {"options",
         {{"threshold", o.threshold},
          {"alpha", o.alpha},
          {"min_samples", o.min_samples},
          {"normalize", o.normalize == normalization::none   ? "none"
                        : o.normalize == normalization::peak ? "peak"
                                                             : o.reference},
          {"fail_on", to_string(o.fail_on)}}},
        {"context", context},
        {"warnings", c.warnings},
        {"cases", cases},
    };
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
    const comparison& first = all.front();
    os << "base: " << first.base_label << '\n';
    for (const auto& c : all) {
        os << "candidate: " << c.cand_label << '\n';
        for (const auto& d : c.context) {
            os << "  context: " << d.what << ": " << d.base << " -> " << d.cand << '\n';
        }
        for (const auto& w : c.warnings) {
            os << "  warning: " << w << '\n';
        }
    }
    os << "(" << options_line(first) << ")\n\n";
    if (all.size() == 1) {
        pair_table(first, false, false).print(os, colour);
    } else {
        matrix_table(all).print(os, colour);
        os << "(change vs base and verdict; '!' a case that fails, '~' cross-device)\n";
    }
    os << '\n';
    for (const auto& c : all) {
        os << (all.size() > 1 ? c.cand_label + ": " : "") << summary_line(c) << '\n';
    }
}

void print_comparisons_markdown(std::ostream& os, const std::vector<comparison>& all) {
    const comparison& first = all.front();
    auto failures = total_failures(all);
    os << "### gpu-reduce-prof compare: "
       << (failures == 0
               ? "PASS, no regression"
               : "FAIL, " + std::to_string(failures) + " failing case" + (failures == 1 ? "" : "s"))
       << "\n\nBase `" << first.base_label << "`; " << options_line(first) << ".\n\n";
    for (const auto& c : all) {
        os << "- `" << c.cand_label << "`: " << summary_line(c) << '\n';
        for (const auto& d : c.context) {
            os << "  - " << d.what << ": `" << d.base << "` → `" << d.cand << "`\n";
        }
        for (const auto& w : c.warnings) {
            os << "  - **warning**: " << w << '\n';
        }
    }
    os << '\n';
    if (all.size() > 1) {
        matrix_table(all).print_markdown(os);
        os << "\nEach cell: change vs base and verdict; `!` a case that fails, `~` cross-device.\n";
        return;
    }
    auto changed = pair_table(first, true, false);
    auto unchanged = pair_table(first, false, true);
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

nlohmann::ordered_json comparisons_to_json(const std::vector<comparison>& all) {
    ojson list = ojson::array();
    for (const auto& c : all) {
        list.push_back(comparison_json(c));
    }
    auto failures = total_failures(all);
    return ojson{{"tool", std::string(tool_name) + " " + tool_version},
                 {"base", all.empty() ? "" : all.front().base_label},
                 {"failed", failures > 0},
                 {"failures", failures},
                 {"comparisons", list}};
}

} // namespace grp
