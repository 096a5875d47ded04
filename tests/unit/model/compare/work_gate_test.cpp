// compare's work gate (compare/work_gate.hpp) on fabricated check profiles: identical counts are
// same-work every time, 1/8 more global loads is more-work, and what is not comparable says so.
#include "grp/core/error.hpp"
#include "grp/model/compare/work_gate.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

case_result checked(const std::string& kernel, std::uint64_t global_load,
                    std::uint64_t instructions = 1000) {
    case_result r;
    r.key = make_case_key(kernel, "float", "flat", 4099, 64);
    check_record rec;
    sim_pass_counts p;
    p.kernel = kernel;
    p.instructions = instructions;
    p.bytes = {{"load global", global_load}, {"store global", 16}, {"load local", 512}};
    p.barriers = 64;
    rec.passes = {p};
    r.check = rec;
    return r;
}

profile check_profile(std::vector<case_result> cases) {
    profile p;
    p.settings["check"] = {{"max_diagnostics", 20}};
    p.cases = std::move(cases);
    return p;
}

TEST(WorkGate, IdenticalCountsAreSameWorkAndPass) {
    const auto base = check_profile({checked("k", 16396), checked("j", 100)});
    const auto w = compare_work(base, base, 0.01, "a", "b");
    EXPECT_EQ(w.count(work_verdict::same_work), 2U);
    EXPECT_FALSE(w.fails());
    const auto exact = compare_work(base, base, 0.0, "a", "b");
    EXPECT_EQ(exact.count(work_verdict::same_work), 2U) << "threshold 0: equal is still same";
}

TEST(WorkGate, AnEighthMoreGlobalLoadsIsMoreWorkAndFails) {
    const auto w = compare_work(check_profile({checked("k", 16396)}),
                                check_profile({checked("k", 16396 + 16396 / 8)}), 0.01, "a", "b");
    ASSERT_EQ(w.cases.size(), 1U);
    EXPECT_EQ(w.cases[0].verdict, work_verdict::more_work);
    EXPECT_NEAR(w.cases[0].metrics.at(1).change(), 0.125, 0.001);
    EXPECT_TRUE(w.fails());
}

TEST(WorkGate, WithinTheThresholdIsSameAndFewerIsLessWork) {
    const auto base = check_profile({checked("k", 10000, 1000)});
    EXPECT_EQ(compare_work(base, check_profile({checked("k", 10050, 1000)}), 0.01, "a", "b")
                  .cases[0]
                  .verdict,
              work_verdict::same_work);
    const auto less = compare_work(base, check_profile({checked("k", 10000, 800)}), 0.01, "a", "b");
    EXPECT_EQ(less.cases[0].verdict, work_verdict::less_work);
    EXPECT_FALSE(less.fails());
}

TEST(WorkGate, UnsafeWrongMissingFailAddedDoesNot) {
    auto unsafe = checked("k", 100);
    unsafe.status = case_status::unsafe;
    unsafe.reason = "the simulator found data-race (local) at user.cl:54";
    auto wrong = checked("j", 100);
    wrong.status = case_status::wrong;
    const auto w =
        compare_work(check_profile({checked("k", 100), checked("j", 100), checked("gone", 100)}),
                     check_profile({unsafe, wrong, checked("new", 1)}), 0.01, "a", "b");
    EXPECT_EQ(w.count(work_verdict::unsafe), 1U);
    EXPECT_EQ(w.count(work_verdict::wrong), 1U);
    EXPECT_EQ(w.count(work_verdict::missing), 1U);
    EXPECT_EQ(w.count(work_verdict::added), 1U);
    EXPECT_TRUE(w.fails());
    const auto added_only =
        compare_work(check_profile({checked("k", 1)}),
                     check_profile({checked("k", 1), checked("new", 1)}), 0.01, "a", "b");
    EXPECT_FALSE(added_only.fails());
}

TEST(WorkGate, ATimedProfileIsRefused) {
    profile timed;
    timed.cases = {checked("k", 1)};
    EXPECT_THROW(compare_work(timed, check_profile({checked("k", 1)}), 0.01, "t.json", "c.json"),
                 usage_error);
    EXPECT_FALSE(is_check_profile(timed));
}

TEST(WorkGate, GridsPlannedForOtherComputeUnitsAreRefused) {
    auto plain = check_profile({checked("k", 16396)});
    plain.devices.resize(1);
    plain.devices[0].info.name = "Oclgrind Simulator";
    plain.devices[0].info.compute_units = 1;
    auto h200 = plain;
    h200.settings["check"]["planned_for"] = {{"device", "NVIDIA H200"}, {"compute_units", 132}};
    EXPECT_EQ(planned_grid(plain).compute_units, 1U) << "the simulator's own";
    EXPECT_FALSE(planned_grid(plain).planned_for);
    EXPECT_EQ(planned_grid(h200).compute_units, 132U);
    EXPECT_EQ(planned_grid_difference(h200, h200, "a", "b"), "") << "planned alike";
    try {
        (void)compare_work(plain, h200, 0.01, "sim.json", "h200.json");
        FAIL() << "counts of different grids were judged";
    } catch (const usage_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("sim.json's grids were planned for Oclgrind Simulator's 1 compute unit "
                            "and h200.json's for NVIDIA H200's 132 compute units"),
                  std::string::npos)
            << what;
    }
    auto h100 = h200;
    h100.settings["check"]["planned_for"] = {{"device", "NVIDIA H100"}, {"compute_units", 114}};
    EXPECT_THROW((void)compare_work(h100, h200, 0.01, "a", "b"), usage_error);
    auto renamed = h200; // the name alone does not change a grid
    renamed.settings["check"]["planned_for"]["device"] = "NVIDIA H200 NVL";
    EXPECT_EQ(compare_work(h200, renamed, 0.01, "a", "b").count(work_verdict::same_work), 1U);
    auto one = h200; // a GPU of the simulator's one compute unit: the same grids
    one.settings["check"]["planned_for"]["compute_units"] = 1;
    EXPECT_EQ(compare_work(plain, one, 0.01, "a", "b").count(work_verdict::same_work), 1U);
}

TEST(WorkGate, AnUnreadablePlannedForIsNeverReadAsTheSimulator) {
    auto plain = check_profile({checked("k", 16396)});
    for (const auto& odd : {nlohmann::ordered_json("132"), nlohmann::ordered_json(-5),
                            nlohmann::ordered_json(0), nlohmann::ordered_json(132.7),
                            nlohmann::ordered_json(nullptr), nlohmann::ordered_json(1e300)}) {
        auto edited = plain;
        edited.settings["check"]["planned_for"] = {{"device", "GPU"}, {"compute_units", odd}};
        EXPECT_FALSE(planned_grid(edited).valid) << odd.dump();
        EXPECT_THROW((void)compare_work(plain, edited, 0.01, "a", "b"), usage_error) << odd.dump();
        EXPECT_THROW((void)compare_work(edited, edited, 0.01, "a", "b"), usage_error)
            << "an unknown grid is not equal to itself: " << odd.dump();
    }
    auto not_object = plain;
    not_object.settings["check"]["planned_for"] = "NVIDIA H200";
    EXPECT_NE(planned_grid_difference(plain, not_object, "a", "b").find("b's for an unreadable"),
              std::string::npos);
}

TEST(WorkGate, MissingCountsAreAnErrorNotLessWork) {
    auto lost = checked("k", 16396);
    lost.passes = {{4099, 1024, 64, 16}, {16, 64, 64, 1}};
    lost.check->passes.resize(1); // the second pass's table was never collected
    const auto base = check_profile({checked("k", 16396)});
    try {
        (void)compare_work(base, check_profile({lost}), 0.01, "a.json", "b.json");
        FAIL() << "judged without counts";
    } catch (const file_error& e) {
        EXPECT_NE(std::string(e.what()).find("b.json: case "), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("1 of its 2 passes"), std::string::npos) << e.what();
    }
    lost.check->passes.clear();
    EXPECT_THROW((void)compare_work(check_profile({lost}), base, 0.01, "a", "b"), file_error);
}

/// A checked case with access metrics: `sectors` per warp-32 request, bank ways, SIMD share.
case_result accessed(std::uint64_t instructions, double sectors, double ways = 1.0,
                     double simd = 1.0) {
    auto r = checked("k", 16396, instructions);
    access_summary a;
    a.global_requests = 1000;
    a.segments[0][0] = sectors;
    a.segments[1][2] = sectors / 2;
    a.local_requests = 100;
    a.bank_conflict_ways = ways;
    a.simd_efficiency = simd;
    r.check->access = a;
    return r;
}

work_verdict access_verdict(const case_result& base, const case_result& cand) {
    return compare_work(check_profile({base}), check_profile({cand}), 0.01, "a", "b")
        .cases.at(0)
        .verdict;
}

TEST(WorkGate, UncoalescedWithFewerInstructionsIsWorseAccessAndFails) {
    // The chunked rewrite of a grid-stride sum: 11 % fewer instructions, 8x the sectors.
    const auto w = compare_work(check_profile({accessed(1000, 4.0)}),
                                check_profile({accessed(890, 32.0)}), 0.01, "a", "b");
    EXPECT_EQ(w.cases.at(0).verdict, work_verdict::worse_access);
    EXPECT_TRUE(w.fails());
    EXPECT_NE(w.cases[0].note.find("global 32 B sectors 4000 -> 32000 (+700.0%)"),
              std::string::npos)
        << w.cases[0].note;
}

TEST(WorkGate, EachAccessMetricGatesPastItsOwnThresholdOnly) {
    const auto base = accessed(1000, 4.0, 1.0, 1.0);
    EXPECT_EQ(access_verdict(base, accessed(1000, 4.3)), work_verdict::same_work) << "+7.5 %";
    EXPECT_EQ(access_verdict(base, accessed(1000, 4.5)), work_verdict::worse_access) << "+12.5 %";
    EXPECT_EQ(access_verdict(base, accessed(1000, 4.0, 2.0)), work_verdict::worse_access);
    EXPECT_EQ(access_verdict(base, accessed(1000, 4.0, 1.0, 0.97)), work_verdict::same_work);
    EXPECT_EQ(access_verdict(base, accessed(1000, 4.0, 1.0, 0.90)), work_verdict::worse_access);
}

TEST(WorkGate, WiderLoadsInFewerRequestsAreNotWorseAccess) {
    auto vec4 = accessed(1000, 16.0);
    vec4.check->access->global_requests = 250; // float4: a quarter of the requests, 4x sectors
    EXPECT_EQ(access_verdict(accessed(1000, 4.0), vec4), work_verdict::same_work);
}

TEST(WorkGate, MoreWorkOutranksAccessAndBetterAccessNeedsTheSameCounts) {
    const auto base = accessed(1000, 32.0);
    EXPECT_EQ(access_verdict(base, accessed(1200, 64.0)), work_verdict::more_work);
    const auto better =
        compare_work(check_profile({base}), check_profile({accessed(1000, 4.0)}), 0.01, "a", "b");
    EXPECT_EQ(better.cases.at(0).verdict, work_verdict::better_access);
    EXPECT_FALSE(better.fails());
    EXPECT_EQ(access_verdict(base, accessed(800, 4.0)), work_verdict::less_work);
}

TEST(WorkGate, AProfileWithoutAccessMetricsIsJudgedOnCountsAlone) {
    auto old = checked("k", 16396, 1000); // written before schema 2.18
    const auto w =
        compare_work(check_profile({old}), check_profile({accessed(890, 32.0)}), 0.01, "a", "b");
    EXPECT_EQ(w.cases.at(0).verdict, work_verdict::less_work);
    EXPECT_TRUE(w.cases[0].access.empty());
}

TEST(WorkGate, AccessMetricsSurviveTheProfileRoundTrip) {
    auto r = accessed(1000, 4.0, 2.0, 0.75);
    r.check->access->line_entropy_bits = 3.5;
    nlohmann::ordered_json j = *r.check;
    const auto back = j.get<check_record>();
    ASSERT_TRUE(back.access.has_value());
    EXPECT_DOUBLE_EQ(back.access->segments[0][0], 4.0);
    EXPECT_DOUBLE_EQ(back.access->bank_conflict_ways, 2.0);
    EXPECT_DOUBLE_EQ(*back.access->line_entropy_bits, 3.5);
    j.erase("access");
    EXPECT_FALSE(j.get<check_record>().access.has_value()) << "an older record has none";
}

} // namespace
} // namespace grp
