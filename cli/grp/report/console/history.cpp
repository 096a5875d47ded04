#include "grp/report/console/history.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/report/text/history_text.hpp"

#include <sstream>

namespace grp {

namespace {

std::string q_words(const history_finding& f) {
    if (f.kind == finding_kind::broke || f.kind == finding_kind::fixed) {
        return "";
    }
    std::ostringstream o;
    o.precision(2);
    o << "; q = " << f.q_value;
    return o.str();
}

} // namespace

void print_history(std::ostream& out, const history_result& r, const history_options& opt,
                   const std::vector<skipped_source>& skipped) {
    out << "history: " << terminal_escape(input_line(r, skipped.size())) << '\n';
    if (r.findings.empty()) {
        out << "no step, drift or status change found\n";
    }
    for (const auto& f : r.findings) {
        out << terminal_escape(finding_headline(r, f)) << '\n'
            << "      " << terminal_escape(finding_range(r, f)) << '\n'
            << "      " << terminal_escape(f.evidence + q_words(f)) << '\n';
        if (const auto command = bisect_command(r, f); !command.empty()) {
            out << "      bisect: " << terminal_escape(command) << '\n';
        }
        if (f.cause) {
            out << "      why slower: " << terminal_escape(cause_text(*f.cause)) << '\n';
        }
        if (!f.waived.empty()) {
            out << "      waived: " << terminal_escape(f.waived) << '\n';
        }
        if (const auto w = waiver_hint(r, f); !w.empty()) {
            out << "      later profiles inherit this FAIL; to accept it, add to a --waivers file "
                   "(docs/history.md#waivers-a-known-step-accepted-in-review), with your reason "
                   "and an expiry date:\n        "
                << terminal_escape(w) << '\n';
        }
    }
    for (const auto& e : r.expired) {
        out << "FAIL expired waiver: " << terminal_escape(e) << '\n';
    }
    // At exit 8 the census is the verdict: it says so in compare's word.
    out << (history_verdict(r) == "UNDECIDED" ? "UNDECIDED: " : "") << census_line(r, opt) << '\n';
    for (const auto& line : event_lines(r)) {
        out << "event: " << terminal_escape(line) << '\n';
    }
    for (const auto& s : skipped) {
        out << "skipped " << terminal_escape(s.name) << ": " << terminal_escape(s.why) << '\n';
    }
    for (const auto& s : r.time.set_aside) {
        out << "set aside " << terminal_escape(s.name) << ": " << terminal_escape(s.why) << '\n';
    }
    for (const auto& n : r.time.notes) {
        out << "note: " << terminal_escape(n) << '\n';
    }
}

} // namespace grp
