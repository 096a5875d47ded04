// compare's table holds a short label per note and the long text once (cargo's diagnostics:
// the label in place, the explanation once): a newcomer saw the same ~400-character note in the
// "not decided" list and again in the note column, rows 500+ characters wide (#50).
#include "grp/model/compare/side.hpp"
#include "grp/report/console/compare.hpp"
#include "grp/report/text/compare_tables.hpp"
#include "grp/report/views/compare_cells.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
        ++n;
    }
    return n;
}

case_comparison inconclusive_case(const char* kernel) {
    case_comparison cc;
    cc.key = make_case_key(kernel, "float", "flat", 1u << 20, 256);
    cc.base = case_side{};
    cc.cand = case_side{};
    cc.outcome = verdict::inconclusive;
    cc.ratio = 1.0171;
    cc.ci_low = 0.723;
    cc.ci_high = 1.43;
    cc.note = "+1.71% [-27.7%, +43.0%] (99% interval, run-to-run spread measured): cannot tell "
              "the change from +-5.00%; the interval is 35.3% wide each way (more runs narrow "
              "it: its df are the runs, not the rounds)";
    return cc;
}

TEST(note_label, a_long_note_is_a_short_label_in_the_table_and_printed_once) {
    comparison c;
    c.cases.push_back(inconclusive_case("reduce3"));
    auto decided = inconclusive_case("reduce6");
    decided.outcome = verdict::slower;
    decided.note = "12 base and 0 candidate round(s) set aside: another process took the CPU; "
                   "kernel source changed (sha256 aaaaaaaaaaaa -> bbbbbbbbbbbb)";
    c.cases.push_back(decided);
    EXPECT_EQ(note_label(c.cases[0], c.options), "interval wider than \xC2\xB1"
                                                 "5.0%");
    EXPECT_EQ(note_label(c.cases[1], c.options), "rounds set aside (another process)");
    std::ostringstream os;
    print_comparisons(os, {c}, false);
    const auto text = os.str();
    EXPECT_EQ(count_of(text, "cannot tell the change"), 1U) << text;        // in "not decided" only
    EXPECT_EQ(count_of(text, "kernel source changed (sha256"), 1U) << text; // under the table
    EXPECT_NE(text.find("notes:\n  reduce6/float/flat/n=1048576/local=256: 12 base"),
              std::string::npos)
        << text;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("reduce", 0) == 0) { // a table row
            EXPECT_LT(line.size(), 160U) << line;
        }
    }
}

TEST(note_label, short_notes_stay_and_every_label_fits) {
    case_comparison cc = inconclusive_case("reduce0");
    cc.note = "one run on each side: read, not gated";
    EXPECT_EQ(note_label(cc, {}), cc.note);
    cc.outcome = verdict::biased;
    cc.note = std::string(300, 'x');
    EXPECT_EQ(note_label(cc, {}), "A/A control not same: not judged");
    cc.outcome = verdict::wrong; // no known label: the first clause, cut at a word
    cc.note = "candidate: wrong: expected 1048576, got 1048575 after the exact check on ones; more";
    const auto label = note_label(cc, {});
    EXPECT_LE(label.size(), max_note_label);
    EXPECT_EQ(label, "candidate: wrong: expected 1048576,...");
    cc.note = std::string(50, 'a') + "\xC2\xB1" + std::string(50, 'b'); // never half a character
    EXPECT_LE(note_label(cc, {}).size(), max_note_label);
}

TEST(note_label, under_load_the_advice_is_a_duet_made_by_run) {
    // compare --pair judges a profile that already holds both kernels; the tool that times them
    // in one invocation is run --duet.
    profile p;
    p.devices.emplace_back();
    p.runs.emplace_back();
    case_result c;
    c.key = make_case_key("reduce1", "float", "flat", 1u << 20, 8);
    for (int i = 0; i < 4; ++i) {
        round_record r;
        r.samples_ns = {1000, 1000, 1000};
        r.cpu_wait = i == 0 ? 0.0 : 0.6;
        r.other_cpu = 0.9;
        c.rounds.push_back(r);
    }
    const auto s = rounds_of(p, c, compare_options{});
    EXPECT_NE(s.problem.find("run -k NEW_SPEC --duet BASE_SPEC"), std::string::npos) << s.problem;
    EXPECT_EQ(s.problem.find("compare --pair"), std::string::npos) << s.problem;
}

} // namespace
} // namespace grp
