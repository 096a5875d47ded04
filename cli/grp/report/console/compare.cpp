#include "grp/report/console/compare.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/report/text/cause_text.hpp"
#include "grp/report/text/compare_lines.hpp"
#include "grp/report/text/compare_tables.hpp"
#include "grp/report/text/duet_table.hpp"
#include "grp/report/text/plan_text.hpp"
#include "grp/report/text/table.hpp"
#include "grp/report/text/work_text.hpp"
#include "grp/report/views/compare_cells.hpp"

#include <algorithm>

namespace grp {

namespace {

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

void print_header(std::ostream& os, const std::vector<comparison>& all) {
    os << "base: " << terminal_escape(all.front().base_label)
       << (all.front().base_runs > 1 ? " (" + std::to_string(all.front().base_runs) + " runs)" : "")
       << '\n';
    for (const auto& c : all) {
        os << (c.control ? "A/A control: " : "candidate: ") << terminal_escape(c.cand_label)
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
    os << "(" << terminal_escape(options_line(headline_comparison(all))) << ")\n\n";
}

/// The notes the table shortened, once each (the undecided ones are listed above the table).
void print_long_notes(std::ostream& os, const comparison& c) {
    const auto notes = long_notes(c);
    if (notes.empty()) {
        return;
    }
    os << "notes:\n";
    for (const auto& line : notes) {
        os << "  " << terminal_escape(line) << '\n';
    }
}

/// The case table of one comparison; with no case in common and a cross-device table that
/// stands in, one line instead of every base-only and candidate-only row (--json and --csv
/// list them).
void print_case_table(std::ostream& os, const comparison& c, bool colour) {
    if (c.common > 0 || c.cross_devices.empty() || c.failed()) {
        pair_table(c, rows::all, true).print(os, colour);
        print_long_notes(os, c);
        return;
    }
    os << "no case in common: " << c.count(verdict::missing) << " only in the base, "
       << c.count(verdict::added) << " only in the candidate"
       << (c.count(verdict::not_run) > 0
               ? ", " + std::to_string(c.count(verdict::not_run)) + " run by neither"
               : std::string())
       << " (--json and --csv list them)\n";
}

/// The cross-device table of each comparison that has one (cross_device.hpp).
void print_cross_devices(std::ostream& os, const std::vector<comparison>& all, bool colour) {
    for (const auto& c : all) {
        if (c.cross_devices.empty()) {
            continue;
        }
        os << '\n'
           << (all.size() > 1 ? terminal_escape(c.cand_label) + ": " : "")
           << terminal_escape(cross_device_caption(c)) << '\n';
        cross_device_text_table(c, true).print(os, colour);
    }
}

/// hyperfine's closing lines: each failing case as "ran R ± H × slower than base".
void print_failing_lines(std::ostream& os, const std::vector<comparison>& all) {
    for (const auto& c : all) {
        for (const auto& line : failing_case_lines(c, candidate_name(all, c))) {
            os << "  " << terminal_escape(line) << '\n';
        }
    }
}

/// Each slower case's cause (slow_cause.hpp) under the table, with the check profiles they came
/// from; nothing where no check profile was given or found, or nothing is slower.
void print_causes(std::ostream& os, const std::vector<comparison>& all) {
    for (const auto& c : all) {
        const auto lines = cause_lines(c);
        if (lines.empty()) {
            continue;
        }
        os << "why slower (" << terminal_escape(cause_sources_line(c)) << "):\n";
        for (const auto& line : lines) {
            os << "  " << terminal_escape(line) << '\n';
        }
    }
}

/// " on DEVICE (HOST)": where a duet ran, from its first case ("" without one).
std::string duet_device_of(const comparison& c) {
    for (const auto& cc : c.cases) {
        if (cc.base && !cc.base->device.empty()) {
            return " on " + cc.base->device +
                   (cc.base->host.empty() ? "" : " (" + cc.base->host + ")");
        }
    }
    return "";
}

/// A duet, verdict first: the verdict lines, the options, one row per case, how many cases
/// stayed undecided (--explain says why), the failing lines.
void print_short_duet(std::ostream& os, const std::vector<comparison>& all, bool colour) {
    std::size_t open = 0;
    for (const auto& c : all) {
        os << (c.control ? "A/A control: " : "candidate: ") << terminal_escape(c.cand_label) << ": "
           << terminal_escape(summary_line(c)) << '\n';
        if (const auto cmd = c.control ? std::string() : decide_command(c); !cmd.empty()) {
            os << "  " << terminal_escape(cmd) << '\n';
        }
        print_context_table(os, c);
        open += undecided(c).size();
    }
    const auto runs = all.front().base_runs;
    os << "base: " << terminal_escape(all.front().base_label)
       << (runs > 1 ? " (" + std::to_string(runs) + " runs)" : "")
       << terminal_escape(duet_device_of(all.front())) << "\n("
       << terminal_escape(options_line(headline_comparison(all))) << ")\n\n";
    duet_case_table(all, true).print(os, colour);
    print_failing_lines(os, all);
    print_causes(os, all);
    if (open > 0) {
        os << "not decided (" << open
           << "): compare --explain gives each one's reason and what would decide it\n";
    }
}

} // namespace

void print_comparisons(std::ostream& os, const std::vector<comparison>& all, bool colour,
                       bool short_duet) {
    if (short_duet && is_duet_comparison(all)) {
        print_short_duet(os, all, colour);
        return;
    }
    print_header(os, all);
    if (all.size() == 1) {
        print_case_table(os, all.front(), colour);
    } else {
        matrix_table(all, true).print(os, colour);
        os << "(change vs base and verdict; '!' a case that fails, '~' another device or "
              "machine)\n";
    }
    print_causes(os, all);
    print_cross_devices(os, all, colour);
    os << '\n';
    for (const auto& c : all) {
        // The headline names undecided cases, whose keys come from the profiles: escaped.
        os << (all.size() > 1 ? terminal_escape(c.cand_label) + ": " : "")
           << terminal_escape(summary_line(c)) << '\n';
        if (const auto cmd = c.control ? std::string() : decide_command(c); !cmd.empty()) {
            os << "  " << terminal_escape(cmd) << '\n';
        }
    }
    print_failing_lines(os, all);
}

void print_work_comparison(std::ostream& os, const work_comparison& w, bool colour) {
    os << "Work (check): " << terminal_escape(w.candidate_label) << " vs "
       << terminal_escape(w.base_label) << '\n';
    work_table(w, colour).print(os, colour);
    print_work_notes(os, w, "  ");
    os << work_caveat << '\n' << work_headline(w) << '\n';
}

console_compare_printer::console_compare_printer(std::ostream& os, bool colour, bool short_duet)
    : m_os(os), m_colour(colour), m_short_duet(short_duet) {}

void console_compare_printer::do_print_comparisons(const std::vector<comparison>& all) {
    grp::print_comparisons(m_os, all, m_colour, m_short_duet); // the free function
}

void console_compare_printer::do_print_work(const work_comparison& w) {
    print_work_comparison(m_os, w, m_colour);
}

warnings_printer::warnings_printer(std::ostream& err) : m_err(err) {}

void warnings_printer::do_print_comparisons(const std::vector<comparison>& all) {
    for (const auto& c : all) {
        for (const auto& w : c.warnings) {
            m_err << "warning: " << (all.size() > 1 ? terminal_escape(c.cand_label) + ": " : "")
                  << terminal_escape(w) << '\n';
        }
    }
    m_err.flush();
}

void warnings_printer::do_print_work(const work_comparison& /*w*/) {}

} // namespace grp
