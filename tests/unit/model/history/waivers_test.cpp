#include "grp/core/error.hpp"
#include "grp/model/history/waivers.hpp"
#include "model/history/history_samples.hpp"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>

namespace grp {
namespace {

using test::history_profile;
using test::sha_of;

/// A judged series of 30 profiles with a +10 % step at commit 18.
history_result stepped() {
    std::vector<history_source> in;
    std::vector<std::string> line;
    for (int i = 0; i < 30; ++i) {
        in.push_back(history_profile(i, i < 18 ? 1000 : 1100));
        line.insert(line.begin(), sha_of(i));
    }
    return judge_history(build_timeline(in, line, "main"), {});
}

waiver waiver_for(const std::string& commit, const std::string& expires) {
    return {"reduce3/float/*", "Test GPU*", commit, "a bounds check the fix needs", expires, "w"};
}

TEST(HistoryWaivers, AWaiverStopsItsStepFailingAndSaysWhy) {
    auto r = stepped();
    ASSERT_TRUE(r.fails());
    apply_waivers(r, {waiver_for(sha_of(18).substr(0, 8), "2999-12-31")}, "2026-11-29");
    EXPECT_FALSE(r.fails());
    ASSERT_FALSE(r.findings.empty());
    EXPECT_EQ(r.findings[0].waived, "a bounds check the fix needs (until 2999-12-31)");
}

TEST(HistoryWaivers, AnotherCommitCaseOrDeviceIsNotCovered) {
    for (auto w : {waiver_for(sha_of(17).substr(0, 8), "2999-12-31"),
                   waiver_for(sha_of(18), "2999-12-31")}) {
        auto r = stepped();
        w.case_glob = w.commit == sha_of(18) ? "reduce6/*" : w.case_glob;
        apply_waivers(r, {w}, "2026-11-29");
        EXPECT_TRUE(r.fails()) << w.commit;
    }
    auto r = stepped();
    auto w = waiver_for(sha_of(18), "2999-12-31");
    w.device_glob = "*H200*";
    apply_waivers(r, {w}, "2026-11-29");
    EXPECT_TRUE(r.fails());
}

TEST(HistoryWaivers, AnExpiredWaiverFailsEvenWithNothingElseFailing) {
    std::vector<history_source> in;
    for (int i = 0; i < 10; ++i) {
        in.push_back(history_profile(i, 1000));
    }
    auto r = judge_history(build_timeline(in, std::nullopt, "HEAD"), {});
    ASSERT_FALSE(r.fails());
    apply_waivers(r, {waiver_for("abcdef0", "2026-11-28")}, "2026-11-29");
    ASSERT_EQ(r.expired.size(), 1U);
    EXPECT_NE(r.expired[0].find("expired on 2026-11-28"), std::string::npos);
    EXPECT_TRUE(r.fails());
    r.expired.clear();
    apply_waivers(r, {waiver_for("abcdef0", "2026-11-29")}, "2026-11-29"); // its last day
    EXPECT_TRUE(r.expired.empty());
}

TEST(HistoryWaivers, CompareCasesAreWaivedOnlyWhereTheCommitLiesBetween) {
    const auto slower = [] {
        comparison c;
        case_comparison cc;
        cc.key = make_case_key("reduce3", "float", "flat", 1U << 20U, 256);
        cc.outcome = verdict::slower;
        cc.fails = true;
        c.cases.push_back(cc);
        return c;
    };
    waiver_scope scope;
    scope.device_key = [](const case_comparison&) {
        return std::string("Test GPU · v");
    };
    for (const std::optional<bool> between : {std::optional<bool>(true), std::optional<bool>()}) {
        auto c = slower();
        scope.between = [between](const waiver&) {
            return between;
        };
        EXPECT_TRUE(
            waive_cases(c, {waiver_for("abcdef0", "2999-12-31")}, "2026-11-29", scope).empty());
        EXPECT_FALSE(c.failed());
        EXPECT_EQ(c.cases[0].note.find("waived: a bounds check"), 0U) << c.cases[0].note;
        EXPECT_EQ(c.cases[0].note.find("commits unknown") != std::string::npos, !between);
    }
    auto c = slower();
    scope.between = [](const waiver&) {
        return std::optional<bool>(false);
    };
    waive_cases(c, {waiver_for("abcdef0", "2999-12-31")}, "2026-11-29", scope);
    EXPECT_TRUE(c.failed());
    const auto expired = waive_cases(c, {waiver_for("abcdef0", "2000-01-01")}, "2026-11-29", scope);
    EXPECT_EQ(expired.size(), 1U);
}

std::string write_temp(const std::string& text) {
    const std::string path = ::testing::TempDir() + "waivers_test.json";
    std::ofstream(path) << text;
    return path;
}

TEST(HistoryWaivers, TheFileIsCheckedFieldByField) {
    const auto ok = write_temp(R"({"waivers": [{"case": "reduce3/*", "device": "*", "commit":
        "ABCDEF0", "reason": "known", "expires": "2027-01-31"}]})");
    const auto w = load_waivers(ok);
    ASSERT_EQ(w.size(), 1U);
    EXPECT_EQ(w[0].commit, "abcdef0");
    for (
        const char* bad :
        {R"({"waivers": [{"case": "x", "device": "*", "commit": "abcdef0", "reason": "",
              "expires": "2027-01-31"}]})",
         R"({"waivers": [{"case": "x", "device": "*", "commit": "abc", "reason": "r",
              "expires": "2027-01-31"}]})",
         R"({"waivers": [{"case": "x", "device": "*", "commit": "abcdef0", "reason": "r",
              "expires": "31/01/2027"}]})",
         R"({"waivers": [{"case": "x", "commit": "abcdef0", "reason": "r",
              "expires": "2027-01-31"}]})",
         R"({"waivers": [{"case": "x", "device": "*", "commit": "abcdef0", "reason": "r",
              "expires": "2027-02-29"}]})",
         R"({"waivers": [{"case": "x", "device": "*", "commit": "abcdef0123456789abcdef0123456789abcdef012", "reason": "r",
              "expires": "2027-01-31"}]})",
         R"({"list": []})", R"([1, 2])"}) {
        EXPECT_THROW(load_waivers(write_temp(bad)), file_error) << bad;
    }
    std::remove(ok.c_str());
    EXPECT_THROW(load_waivers(::testing::TempDir() + "no-such-waivers.json"), error);
}

// fnmatch reads a C string: a NUL would cut "reduce6/*\u0000/nothing" to "reduce6/*", which
// waives every reduce6 step.
TEST(HistoryWaivers, ANulInAGlobIsRefusedNotCutShort) {
    for (const char* bad :
         {R"({"waivers": [{"case": "reduce6/*\u0000/nothing", "device": "*", "commit": "abcdef0",
              "reason": "r", "expires": "2027-01-31"}]})",
          R"({"waivers": [{"case": "reduce6/x", "device": "*\u0000pocl", "commit": "abcdef0",
              "reason": "r", "expires": "2027-01-31"}]})"}) {
        try {
            (void)load_waivers(write_temp(bad));
            ADD_FAILURE() << "accepted: " << bad;
        } catch (const file_error& e) {
            EXPECT_NE(std::string(e.what()).find("NUL character"), std::string::npos) << e.what();
        }
    }
}

} // namespace
} // namespace grp
