#include "grp/report/junit/compare.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/model/compare/slow_cause.hpp"
#include "grp/report/views/compare_cells.hpp"

#include <algorithm>

namespace grp {

std::string xml_escape(const std::string& text) {
    auto utf8 = valid_utf8(text);
    for (const char* non_char : {"\xEF\xBF\xBE", "\xEF\xBF\xBF"}) { // U+FFFE, U+FFFF
        for (auto at = utf8.find(non_char); at != std::string::npos; at = utf8.find(non_char)) {
            utf8.replace(at, 3, "\xEF\xBF\xBD");
        }
    }
    std::string out;
    out.reserve(utf8.size());
    for (const char ch : utf8) {
        const auto u = static_cast<unsigned char>(ch);
        switch (ch) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        case '\t':
            out += "&#9;";
            break;
        case '\n':
            out += "&#10;";
            break;
        case '\r':
            out += "&#13;";
            break;
        default:
            // XML 1.0 has no way to carry the other C0 controls, not even as a reference.
            out += u < 0x20 || u == 0x7f ? std::string("\xEF\xBF\xBD") : std::string(1, ch);
        }
    }
    return out;
}

namespace {

enum class junit_result { passed, failure, skipped };

// Whether timing was left undecided or not gated for the case: skipped, unless it fails.
bool junit_undecided(const comparison& c, const case_comparison& cc) {
    switch (cc.outcome) {
    case verdict::inconclusive:
    case verdict::biased:
    case verdict::unmeasured:
    case verdict::missing:
    case verdict::not_run:
        return true;
    case verdict::same:
    case verdict::slower:
    case verdict::faster:
        return c.ungated(cc);
    default:
        return false;
    }
}

junit_result junit_result_of(const comparison& c, const case_comparison& cc) {
    if (cc.fails && !c.control) {
        return junit_result::failure;
    }
    return junit_undecided(c, cc) ? junit_result::skipped : junit_result::passed;
}

// "slower (fails): +12.0% [+6.1%, +13.6%]": the verdict, the change and its interval.
std::string junit_message(const case_comparison& cc) {
    std::string m = verdict_cell(cc);
    if (const auto ch = cc.change()) {
        m += ": " + signed_percent(*ch) + " " + interval_cell(cc);
    }
    return m;
}

// A case's note and, for a slower case with check profiles, its cause ("more-work: instructions
// +12.9%"), so a CI's failure view says why without the console.
std::string junit_body(const case_comparison& cc) {
    if (!cc.cause) {
        return cc.note;
    }
    return cc.note + (cc.note.empty() ? "" : "\n") + "cause: " + cause_text(*cc.cause);
}

void print_junit_case(std::ostream& os, const std::string& classname, const std::string& name,
                      junit_result r, const std::string& type, const std::string& message,
                      const std::string& note) {
    os << "    <testcase classname=\"" << xml_escape(classname) << "\" name=\"" << xml_escape(name)
       << "\"";
    if (r == junit_result::passed && note.empty()) {
        os << "/>\n";
        return;
    }
    os << ">\n";
    if (r == junit_result::failure) {
        os << "      <failure type=\"" << xml_escape(type) << "\" message=\"" << xml_escape(message)
           << "\">" << xml_escape(note) << "</failure>\n";
    } else if (r == junit_result::skipped) {
        // The note opens with the change and its interval itself: they are said once.
        os << "      <skipped message=\"" << xml_escape(note.empty() ? message : type + ": " + note)
           << "\"/>\n";
    } else {
        os << "      <system-out>" << xml_escape(message + ": " + note) << "</system-out>\n";
    }
    os << "    </testcase>\n";
}

void open_junit_suite(std::ostream& os, const std::string& name, const junit_counts& n,
                      const std::string& base) {
    os << "  <testsuite name=\"" << xml_escape(name) << "\" tests=\"" << n.tests << "\" failures=\""
       << n.failures << "\" errors=\"0\" skipped=\"" << n.skipped
       << "\">\n    <properties>\n      <property name=\"base\" value=\"" << xml_escape(base)
       << "\"/>\n    </properties>\n";
}

void add_junit_count(junit_counts& n, junit_result r) {
    ++n.tests;
    n.failures += r == junit_result::failure ? 1 : 0;
    n.skipped += r == junit_result::skipped ? 1 : 0;
}

void add_junit_total(junit_counts& total, const junit_counts& n) {
    total.tests += n.tests;
    total.failures += n.failures;
    total.skipped += n.skipped;
}

void print_junit_suite(std::ostream& os, const comparison& c, junit_counts& total) {
    junit_counts n;
    std::ostringstream cases;
    const std::string classname =
        std::string("gpu-reduce-prof.compare") + (c.control ? ".control" : "");
    for (const auto& cc : c.cases) {
        const auto r = junit_result_of(c, cc);
        add_junit_count(n, r);
        print_junit_case(cases, classname, row_label(c, cc), r, to_string(cc.outcome),
                         junit_message(cc), junit_body(cc));
    }
    open_junit_suite(os, (c.control ? "A/A control " : "") + c.cand_label, n, c.base_label);
    os << cases.str() << "  </testsuite>\n";
    add_junit_total(total, n);
}

junit_result junit_work_result(work_verdict v) {
    switch (v) {
    case work_verdict::more_work:
    case work_verdict::worse_access:
    case work_verdict::unsafe:
    case work_verdict::wrong:
    case work_verdict::missing:
        return junit_result::failure;
    case work_verdict::added:
    case work_verdict::skipped:
        return junit_result::skipped;
    default:
        return junit_result::passed;
    }
}

} // namespace

void print_junit_suites(std::ostream& os, const std::vector<comparison>& all, junit_counts& total) {
    for (const auto& c : all) {
        print_junit_suite(os, c, total);
    }
}

void print_junit_work_suite(std::ostream& os, const work_comparison& w, junit_counts& total) {
    junit_counts n;
    std::ostringstream cases;
    for (const auto& wc : w.cases) {
        const auto r = junit_work_result(wc.verdict);
        add_junit_count(n, r);
        print_junit_case(cases, "gpu-reduce-prof.work", wc.key.to_string(), r,
                         to_string(wc.verdict), to_string(wc.verdict), wc.note);
    }
    open_junit_suite(os, "work " + w.candidate_label, n, w.base_label);
    os << cases.str() << "  </testsuite>\n";
    add_junit_total(total, n);
}

junit_compare_printer::junit_compare_printer(output_file file) : m_file(std::move(file)) {}

void junit_compare_printer::do_print_comparisons(const std::vector<comparison>& all) {
    print_junit_suites(m_suites, all, m_total);
}

void junit_compare_printer::do_print_work(const work_comparison& w) {
    print_junit_work_suite(m_suites, w, m_total);
}

void junit_compare_printer::do_finish() {
    std::ostringstream doc;
    doc << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<testsuites name=\"gpu-reduce-prof compare\" tests=\"" << m_total.tests
        << "\" failures=\"" << m_total.failures << "\" errors=\"0\" skipped=\"" << m_total.skipped
        << "\">\n"
        << m_suites.str() << "</testsuites>\n";
    m_file.write(doc.str());
}

} // namespace grp
