#include "grp/report/markdown/history.hpp"

#include "grp/report/text/compare_lines.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/text/history_text.hpp"

#include <sstream>

namespace grp {

namespace {

std::string place_cell(const timeline_place& p) {
    return p.commit.empty() ? p.source : short_commit(p.commit);
}

void findings_table(std::ostringstream& o, const history_result& r) {
    o << markdown_row({"", "finding", "change", "case", "device", "last good", "first bad"})
      << "| --- | --- | --- | --- | --- | --- | --- |\n";
    for (const auto& f : r.findings) {
        const auto& s = r.time.series[f.series];
        o << markdown_row({f.fails            ? "❌ fails"
                           : f.waived.empty() ? ""
                                              : "waived: " + f.waived,
                           to_string(f.kind), change_words(f), case_words(s.key), s.device.model,
                           place_cell(r.time.places[f.last_good]),
                           place_cell(r.time.places[f.first_bad])});
    }
}

} // namespace

std::string history_markdown(const history_result& r, const history_options& opt,
                             const std::vector<skipped_source>& skipped) {
    std::ostringstream o;
    const auto verdict = history_verdict(r);
    o << "## Performance history\n\n**" << verdict << "**: "
      << (verdict == "FAIL"        ? "a step, drift or break in the latest "
          : verdict == "UNDECIDED" ? "no series could be judged (the census below says why), so "
                                     "nothing is decided in the latest "
                                   : "no failing change in the latest ")
      << opt.window << " points of any series (threshold " << opt.threshold * 100 << " %).\n\n";
    if (!r.findings.empty()) {
        findings_table(o, r);
        for (const auto& f : r.findings) {
            if (f.cause) {
                o << "\nWhy " << markdown_escape(case_words(r.time.series[f.series].key))
                  << " got slower: " << markdown_escape(cause_text(*f.cause)) << "\n";
            }
            if (const auto command = bisect_command(r, f); !command.empty() && f.fails) {
                o << "\nTo find the first bad commit: " << markdown_code(command) << "\n";
            }
            if (const auto w = waiver_hint(r, f); !w.empty()) {
                o << "\nLater profiles inherit this FAIL; to accept it, add to a `--waivers` file "
                     "(with your reason and an expiry date): "
                  << markdown_code(w) << "\n";
            }
        }
        o << '\n';
    }
    o << markdown_escape(census_line(r, opt)) << ". "
      << markdown_escape(input_line(r, skipped.size())) << ".\n";
    for (const auto& e : r.expired) {
        o << "\n- ❌ expired waiver: " << markdown_escape(e);
    }
    for (const auto& line : event_lines(r)) {
        o << "\n- event: " << markdown_escape(line);
    }
    for (const auto& s : skipped) {
        o << "\n- skipped " << markdown_escape(s.name) << ": " << markdown_escape(s.why);
    }
    for (const auto& s : r.time.set_aside) {
        o << "\n- set aside " << markdown_escape(s.name) << ": " << markdown_escape(s.why);
    }
    for (const auto& n : r.time.notes) {
        o << "\n- note: " << markdown_escape(n);
    }
    o << '\n';
    return o.str();
}

} // namespace grp
