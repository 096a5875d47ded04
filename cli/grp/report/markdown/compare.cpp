#include "grp/report/markdown/compare.hpp"

#include "grp/report/text/cause_text.hpp"
#include "grp/report/text/compare_lines.hpp"
#include "grp/report/text/compare_tables.hpp"
#include "grp/report/text/duet_table.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/text/plan_text.hpp"
#include "grp/report/text/table.hpp"
#include "grp/report/text/work_text.hpp"
#include "grp/report/views/compare_cells.hpp"

#include <algorithm>

namespace grp {

namespace {

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

/// FAIL when a case fails, else BIASED when a duet's control kept cases from being judged, else
/// NOT GATED when every candidate could only be read (across devices, or one run against one), else
/// UNDECIDED when timing judged no case of some candidate (compare exits 8), else PASS, naming
/// how many cases stayed undecided: a gate that decided nothing never reads as a pass, and one
/// that passed never reads UNDECIDED.
std::string headline(const std::vector<comparison>& all, std::size_t failures) {
    if (failures > 0) {
        return "FAIL, " + std::to_string(failures) + " failing case" + (failures == 1 ? "" : "s");
    }
    std::size_t judged = 0;
    std::size_t timed = 0;
    std::size_t biased = 0;
    std::size_t undecided = 0;
    bool judged_nothing = false;
    for (const auto& c : all) {
        if (c.control) {
            continue; // its verdicts gate the candidates' and are shown there
        }
        judged += c.timing_judged();
        timed += c.timing_cases();
        biased += c.count(verdict::biased);
        judged_nothing = judged_nothing || c.judged_nothing();
        undecided += c.undecided() ? c.timing_cases() - c.timing_judged() : 0;
    }
    if (biased > 0) {
        return "BIASED, the A/A control was not the same in " + std::to_string(biased) + " case" +
               (biased == 1 ? "" : "s");
    }
    if (std::all_of(all.begin(), all.end(),
                    [](const comparison& c) { return c.control || c.timing_not_gated(); })) {
        const bool one_run = std::any_of(all.begin(), all.end(), [](const comparison& c) {
            return !c.control && c.one_run_not_gated() && !c.raw_cross_device();
        });
        const bool conditions = std::any_of(all.begin(), all.end(), [](const comparison& c) {
            return !c.control && c.conditions_not_gated() && c.cross_devices.empty();
        });
        if (conditions) {
            return "NOT GATED, the device conditions differ: timing is read, not gated "
                   "(--conditions any)";
        }
        return one_run ? "NOT GATED, one run against one run: timing is read, not gated (run "
                         "--gate)"
                       : "NOT GATED, timing across devices is not gated";
    }
    if (judged_nothing) {
        return "UNDECIDED, timing judged for " + std::to_string(judged) + " of " +
               std::to_string(timed) + " cases";
    }
    if (undecided > 0) {
        return "PASS, no regression in the " + std::to_string(judged) + " judged of " +
               std::to_string(timed) + " cases; " + std::to_string(undecided) +
               " undecided (see below)";
    }
    return "PASS, no regression";
}

/// One bullet per candidate: its verdict line, then its warnings, undecided and failing cases.
void print_candidate_bullets(std::ostream& os, const std::vector<comparison>& all) {
    for (const auto& c : all) {
        os << "- " << markdown_code(c.cand_label) << ": " << markdown_escape(summary_line(c))
           << '\n';
        for (const auto& w : c.warnings) {
            os << "  - **warning**: " << markdown_escape(w) << '\n';
        }
        for (const auto& line : undecided(c)) {
            os << "  - **not decided**: " << markdown_escape(line) << '\n';
        }
        for (const auto& line : long_notes(c)) {
            os << "  - **note**: " << markdown_escape(line) << '\n';
        }
        if (const auto cmd = c.control ? std::string() : decide_command(c); !cmd.empty()) {
            os << "  - **plan**: " << markdown_escape(cmd) << '\n';
        }
        for (const auto& line : failing_case_lines(c, candidate_name(all, c))) {
            os << "  - **fails**: " << markdown_escape(line) << '\n';
        }
        if (const auto lines = cause_lines(c); !lines.empty()) {
            os << "  - **why slower** (" << markdown_escape(cause_sources_line(c)) << "):\n";
            for (const auto& line : lines) {
                os << "    - " << markdown_escape(line) << '\n';
            }
        }
    }
    os << '\n';
}

/// Per comparison, the context that differs and the cross-device table, where there are.
void print_context_sections(std::ostream& os, const std::vector<comparison>& all) {
    for (const auto& c : all) {
        print_context_markdown(os, c);
        if (!c.cross_devices.empty()) {
            os << markdown_escape(cross_device_caption(c)) << ":\n\n";
            cross_device_text_table(c, false).print_markdown(os);
            os << '\n';
        }
    }
}

/// One comparison's cases: the changed ones, then the unchanged folded under <details>; with no
/// case in common and a cross-device table that stands in, every row folded.
void print_case_tables(std::ostream& os, const comparison& c) {
    if (c.common == 0 && !c.cross_devices.empty() && !c.failed()) {
        // The cross-device table above stands in; the one-sided rows are folded away.
        os << "<details><summary>no case in common: " << c.cases.size()
           << " cases on one side only</summary>\n\n";
        pair_table(c, rows::all, false).print_markdown(os);
        os << "\n</details>\n";
        return;
    }
    auto changed = pair_table(c, rows::changed, false);
    auto unchanged = pair_table(c, rows::unchanged, false);
    if (!changed.empty()) {
        changed.print_markdown(os);
        os << '\n';
    }
    if (!unchanged.empty()) {
        os << "<details><summary>" << c.count(verdict::same) << " unchanged cases</summary>\n\n";
        unchanged.print_markdown(os);
        os << "\n</details>\n";
    }
}

} // namespace

void print_comparisons_markdown(std::ostream& os, const std::vector<comparison>& all) {
    const comparison& first = all.front();
    os << "### gpu-reduce-prof compare: " << headline(all, total_failures(all)) << "\n\nBase "
       << markdown_code(first.base_label) << "; "
       << markdown_escape(options_line(headline_comparison(all))) << ".\n\n";
    print_candidate_bullets(os, all);
    print_context_sections(os, all);
    if (is_duet_comparison(all)) { // one row per case, as the console's short duet (#71)
        duet_case_table(all, false).print_markdown(os);
        return;
    }
    if (all.size() > 1) {
        matrix_table(all, false).print_markdown(os);
        os << "\nEach cell: change vs base and verdict; `!` a case that fails, `~` another device "
              "or machine.\n";
        return;
    }
    print_case_tables(os, first);
}

void print_work_markdown(std::ostream& os, const work_comparison& w) {
    os << "### Work (check): " << (w.fails() ? ":x: " : ":white_check_mark: ") << work_headline(w)
       << "\n\n";
    work_table(w, false).print_markdown(os);
    os << '\n';
    print_work_notes(os, w, "- ");
    os << '\n' << work_caveat << '\n';
}

markdown_compare_printer::markdown_compare_printer(std::ostream& os) : m_os(os) {}

void markdown_compare_printer::do_print_comparisons(const std::vector<comparison>& all) {
    print_comparisons_markdown(m_os, all);
}

void markdown_compare_printer::do_print_work(const work_comparison& w) {
    print_work_markdown(m_os, w);
}

} // namespace grp
