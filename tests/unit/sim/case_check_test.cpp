// A case's check record from captured simulator output (sim/case_check.hpp): passes taken in
// launch order, the tool's own kernels left out, and a finding makes the case unsafe.
#include "grp/core/error.hpp"
#include "grp/model/access/access_text.hpp"
#include "grp/sim/case_check.hpp"
#include "test_data.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace grp::sim {
namespace {

captured output(std::string log, std::string counts) {
    captured c;
    c.log = std::move(log);
    c.counts = std::move(counts);
    return c;
}

/// What Oclgrind wrote while tests/data/check/user.cl's kernels ran (recorded).
captured recorded() {
    return output(test::read_test_data("sim/oclgrind.log"), test::read_test_data("sim/counts.txt"));
}

case_result two_pass_case(const char* kernel) {
    case_result r;
    r.key = make_case_key(kernel, "float", "flat", 200, 64);
    r.passes = {{200, 256, 64, 4}, {4, 64, 64, 1}};
    return r;
}

TEST(CaseCheck, FindingsOfTheCasesKernelsMakeItUnsafeWithThePlaceInTheReason) {
    auto r = two_pass_case("no_bounds");
    record_check(recorded(), {"Oclgrind 21.10", "user.cl", 20}, r);
    EXPECT_EQ(r.status, case_status::unsafe);
    EXPECT_NE(r.reason.find("out-of-bounds (global) at user.cl:95"), std::string::npos) << r.reason;
    ASSERT_TRUE(r.check);
    EXPECT_EQ(r.check->simulator, "Oclgrind 21.10");
    ASSERT_EQ(r.check->passes.size(), 2U) << "differs (the tool's check) is not a pass";
    EXPECT_EQ(r.check->passes[0].work_groups, 4U);
    EXPECT_EQ(r.check->diagnostics.size(), 1U) << "only no_bounds's findings";
    EXPECT_EQ(r.check->total_bytes("load global"), 1024U + 256U);
}

TEST(CaseCheck, NoFindingKeepsTheStatusAndAWrongResultStaysInTheReason) {
    auto clean = two_pass_case("no_bounds");
    record_check(output("", test::read_test_data("sim/counts.txt")), {"Oclgrind", "user.cl", 20},
                 clean);
    EXPECT_EQ(clean.status, case_status::ok);
    EXPECT_TRUE(clean.check && clean.check->diagnostics.empty());

    auto wrong = two_pass_case("no_bounds");
    wrong.status = case_status::wrong;
    wrong.reason = "result 3 != reference 4";
    record_check(recorded(), {"Oclgrind", "user.cl", 20}, wrong);
    EXPECT_EQ(wrong.status, case_status::unsafe);
    EXPECT_NE(wrong.reason.find("also wrong: result 3 != reference 4"), std::string::npos);
}

TEST(CaseCheck, ACheckRecordSurvivesTheProfileRoundTrip) {
    auto r = two_pass_case("no_bounds");
    record_check(recorded(), {"Oclgrind 21.10", "user.cl", 20}, r);
    nlohmann::ordered_json j = r;
    const auto back = j.get<case_result>();
    ASSERT_TRUE(back.check);
    EXPECT_EQ(back.status, case_status::unsafe);
    EXPECT_EQ(nlohmann::ordered_json(*back.check), nlohmann::ordered_json(*r.check));
    nlohmann::ordered_json plain = two_pass_case("k");
    EXPECT_FALSE(plain.contains("check")) << "timed cases carry no check field";
}

TEST(CaseCheck, MissingCountsAreAnErrorNamingTheCaseNeverAVerdict) {
    // The log said nothing and the counts are gone (a full $TMPDIR before the counts were kept
    // in memory): no `ok` from evidence that was never collected.
    auto r = two_pass_case("divergent");
    try {
        record_check(output("", ""), {"Oclgrind", "user.cl", 20}, r);
        FAIL() << "recorded as " << to_string(r.status);
    } catch (const file_error& e) {
        EXPECT_NE(std::string(e.what()).find("divergent"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("2 of its 2 passes are missing"), std::string::npos)
            << e.what();
    }
    EXPECT_FALSE(r.check);
    auto failed = two_pass_case("divergent"); // never launched: nothing to count
    failed.status = case_status::failed;
    EXPECT_NO_THROW(record_check(output("", ""), {"Oclgrind", "user.cl", 20}, failed));
}

TEST(CaseCheck, TheRecordedHookSeesTheFinishedRecord) {
    auto r = two_pass_case("no_bounds");
    auto out = recorded();
    std::size_t calls = 0;
    out.recorded = [&](const case_result& c) {
        ++calls;
        EXPECT_EQ(c.status, case_status::unsafe);
        EXPECT_TRUE(c.check);
    };
    record_check(out, {"Oclgrind", "user.cl", 20}, r);
    EXPECT_EQ(calls, 1U);
}

/// The plugin's block of a launch whose 32 lanes read one float each at `stride` bytes.
std::string access_block_of(std::uint64_t stride) {
    group_recorder g(32);
    const int load = 0;
    for (std::uint32_t l = 0; l < 32; ++l) {
        g.access(l, &load, access_space::global, stride * l, 4);
        g.executed(l, &load);
    }
    access_totals t;
    g.finish(t);
    std::ostringstream os;
    write_access_block(os, t);
    return os.str();
}

TEST(CaseCheck, AccessMetricsSumTheCasesPassesOnlyWhenThePluginRan) {
    const auto counts = test::read_test_data("sim/counts.txt");
    auto with = recorded();
    with.access = true;
    // Blocks follow each launch's table: two passes, then the tool's own `differs`.
    with.counts = access_block_of(4) + access_block_of(128) + access_block_of(4096) + counts;
    auto r = two_pass_case("tree");
    record_check(with, {"Oclgrind 21.10", "user.cl", 20}, r);
    ASSERT_TRUE(r.check && r.check->access);
    EXPECT_EQ(r.check->access->global_requests, 2U) << "the third launch is not the case's";
    EXPECT_DOUBLE_EQ(r.check->access->segments[0][0], (4.0 + 32.0) / 2.0);

    auto without = two_pass_case("tree");
    record_check(recorded(), {"Oclgrind 21.10", "user.cl", 20}, without);
    EXPECT_FALSE(without.check->access.has_value()) << "no plugin: no metrics, not zeros";
}

TEST(CaseCheck, MissingAccessBlocksOfALoadedPluginAreAnErrorNamingTheCase) {
    auto out = recorded();
    out.access = true;
    out.counts = access_block_of(4) + out.counts; // one block for two passes
    auto r = two_pass_case("tree");
    try {
        record_check(out, {"Oclgrind 21.10", "user.cl", 20}, r);
        FAIL() << "no error";
    } catch (const file_error& e) {
        EXPECT_NE(std::string(e.what()).find("access metrics of 1 of its 2 passes"),
                  std::string::npos)
            << e.what();
    }
}

} // namespace
} // namespace grp::sim
