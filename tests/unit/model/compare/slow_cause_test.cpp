// The cause of a timed slower case (#68 item 3) from fabricated check records: counts that grew
// are more-work, counts within the threshold with worse sectors are worse-access, the same work
// and access is device-side with the recorded facts that differ named (a power limit), and a
// case no check profile covers, a stale one or one of another local size is unknown, never a
// guess. The verdict and whether the case fails are never changed.
#include "grp/model/compare/cause_match.hpp"
#include "grp/model/profile/io.hpp"

#include <algorithm>
#include <gtest/gtest.h>

namespace grp {
namespace {

case_result counted_case(const std::string& kernel, std::uint64_t local, std::uint64_t instructions,
                         double sectors_per_request) {
    case_result r;
    r.key = make_case_key(kernel, "float", "flat", 4099, local);
    check_record rec;
    sim_pass_counts p;
    p.kernel = kernel;
    p.instructions = instructions;
    p.bytes = {{"load global", 16396}, {"store global", 16}, {"load local", 512}};
    p.barriers = 64;
    rec.passes = {p};
    access_summary a;
    a.global_requests = 130;
    a.segments[0][0] = sectors_per_request;
    a.segments[0][2] = sectors_per_request / 4;
    a.bank_conflict_ways = 1;
    a.simd_efficiency = 0.9;
    rec.access = a;
    r.check = rec;
    return r;
}

profile check_of(std::vector<case_result> cases, const std::string& sha = "") {
    profile p;
    p.settings["check"] = {{"max_diagnostics", 20}};
    for (const auto& c : cases) {
        p.kernels.push_back({c.key.kernel, c.key.kernel, "k.cl", sha, {}});
    }
    p.cases = std::move(cases);
    return p;
}

device_conditions power_limit(const std::string& watts) {
    device_conditions c;
    c.facts = {known_fact("power_limit_w", std::stoi(watts))};
    c.key_facts = {"power_limit_w"};
    return c;
}

/// base.json against slower10.json (every case 10 % slower), reduce0/float explained by the
/// check profiles `b` and `c`; the timed profiles' device conditions set to `bw` and `cw` watts.
comparison explained(const profile& b, const profile& c, const std::string& bw = "",
                     const std::string& cw = "") {
    const std::string dir = std::string(GRP_TEST_DATA) + "/compare/";
    auto bp = load_profile(dir + "base.json");
    auto cp = load_profile(dir + "slower10.json");
    if (!bw.empty()) {
        bp.devices.front().conditions = power_limit(bw);
        cp.devices.front().conditions = power_limit(cw);
    }
    compare_options opt;
    opt.one_run_gates = true;
    opt.any_conditions = true;
    auto r = compare_profiles(bp, cp, opt, "base", "cand");
    work_evidence w{&b, &c, {"b.check.json", "c.check.json", false}, 0.01};
    explain_slower(r, bp, cp, w);
    return r;
}

const case_comparison& reduce0_float(const comparison& r) {
    for (const auto& cc : r.cases) {
        if (cc.key.kernel == "reduce0" && cc.key.type == "float") {
            return cc;
        }
    }
    throw std::logic_error("no reduce0/float");
}

TEST(SlowCause, CountsPastTheThresholdAreMoreWork) {
    const auto r = explained(check_of({counted_case("reduce0", 256, 1000, 4)}),
                             check_of({counted_case("reduce0", 256, 1125, 4)}));
    const auto& cc = reduce0_float(r);
    ASSERT_TRUE(cc.cause);
    EXPECT_EQ(cc.cause->kind, cause_class::more_work);
    EXPECT_EQ(cause_text(*cc.cause), "more-work: instructions +12.5% (counted at n=4099)");
    EXPECT_EQ(cc.outcome, verdict::slower) << "the cause explains, it never re-judges";
    EXPECT_TRUE(cc.fails);
}

TEST(SlowCause, SameCountsWorseSectorsAreWorseAccess) {
    const auto r = explained(check_of({counted_case("reduce0", 256, 1000, 4)}),
                             check_of({counted_case("reduce0", 256, 1000, 32)}));
    const auto& cc = reduce0_float(r);
    ASSERT_TRUE(cc.cause);
    EXPECT_EQ(cc.cause->kind, cause_class::worse_access);
    EXPECT_NE(cc.cause->detail.find("global 32 B sectors 520 -> 4160"), std::string::npos)
        << cc.cause->detail;
}

TEST(SlowCause, SameWorkAndAccessIsDeviceSideNamingTheConditionThatDiffers) {
    const auto same = check_of({counted_case("reduce0", 256, 1000, 4)});
    const auto r = explained(same, same, "700", "500");
    const auto& cc = reduce0_float(r);
    ASSERT_TRUE(cc.cause);
    EXPECT_EQ(cc.cause->kind, cause_class::device_side);
    ASSERT_EQ(cc.cause->facts.size(), 1U);
    EXPECT_EQ(cc.cause->facts[0], "power_limit_w: 700 -> 500");
    EXPECT_EQ(cause_text(*cc.cause), "same work and access: device-side (counted at n=4099); "
                                     "differs: power_limit_w: 700 -> 500");
    const auto quiet = explained(same, same);
    EXPECT_NE(cause_text(*reduce0_float(quiet).cause).find("no recorded condition"),
              std::string::npos);
}

TEST(SlowCause, NoCoveringCheckCaseIsUnknownNeverAGuess) {
    const auto b = check_of({counted_case("reduce0", 256, 1000, 4)});
    const auto r = explained(b, b);
    for (const auto& cc : r.cases) { // reduce3, reduce6 and reduce0/int have no check case
        ASSERT_TRUE(cc.cause) << cc.key.to_string();
        if (cc.key.kernel != "reduce0" || cc.key.type != "float") {
            EXPECT_EQ(cc.cause->kind, cause_class::unknown);
            EXPECT_EQ(cause_text(*cc.cause).rfind("cause unknown: no check profile covers it", 0),
                      0U)
                << cause_text(*cc.cause);
        }
    }
    const auto other_local = check_of({counted_case("reduce0", 64, 1000, 4)});
    EXPECT_EQ(reduce0_float(explained(other_local, other_local)).cause->kind, cause_class::unknown);
    EXPECT_EQ(reduce0_float(explained(b, profile{})).cause->kind, cause_class::unknown);
    work_evidence none{&b, nullptr, {"b.check.json", "", true}, 0.01};
    const std::string dir = std::string(GRP_TEST_DATA) + "/compare/";
    const auto bp = load_profile(dir + "base.json"), cp = load_profile(dir + "slower10.json");
    compare_options opt;
    opt.one_run_gates = true;
    auto r2 = compare_profiles(bp, cp, opt, "base", "cand");
    explain_slower(r2, bp, cp, none);
    EXPECT_EQ(cause_text(*reduce0_float(r2).cause), "cause unknown: no check profile for the "
                                                    "candidate");
}

TEST(SlowCause, DeviceSideNamesAnotherCardAndTheFleetsOutlier) {
    // four_cards.json: a sharded sweep whose card 2 the anchors put above its fleet (an
    // outlier); its reduce3/int ran there and reads slower than base.json's.
    const std::string data = GRP_TEST_DATA;
    const auto bp = load_profile(data + "/compare/base.json");
    const auto cp = load_profile(data + "/fleet/four_cards.json");
    auto r = compare_profiles(bp, cp, compare_options{}, "base", "cand");
    auto same = counted_case("reduce3", 256, 1000, 4);
    same.key.type = "int";
    const auto chk = check_of({same});
    explain_slower(r, bp, cp, {&chk, &chk, {"b.check.json", "c.check.json", false}, 0.01});
    const auto it = std::find_if(r.cases.begin(), r.cases.end(),
                                 [](const case_comparison& cc) { return cc.cause.has_value(); });
    ASSERT_NE(it, r.cases.end());
    EXPECT_EQ(it->key.to_string(), "reduce3/int/flat/n=1048576/local=256");
    ASSERT_EQ(it->cause->kind, cause_class::device_side);
    ASSERT_EQ(it->cause->facts.size(), 2U);
    EXPECT_EQ(it->cause->facts[0].rfind("device uuid: ", 0), 0U);
    // The level's number is the fleet fit's (card_levels.hpp); the fact names the card.
    EXPECT_EQ(it->cause->facts[1].rfind("candidate card 2 (Test GPU A, 0000:43:00.0): ", 0), 0U)
        << it->cause->facts[1];
    EXPECT_NE(it->cause->facts[1].find("slower than the fleet"), std::string::npos);
}

TEST(SlowCause, AStaleCheckProfileIsUnknown) {
    const auto stale = check_of({counted_case("reduce0", 256, 1000, 4)}, std::string(64, 'a'));
    const auto r = explained(stale, stale);
    const auto& cc = reduce0_float(r);
    ASSERT_TRUE(cc.cause);
    EXPECT_EQ(cc.cause->kind, cause_class::unknown);
    EXPECT_NE(cc.cause->detail.find("stale check profile: b.check.json counted another source of "
                                    "reduce0 (sha256 aaaaaaaa, timed 55555555)"),
              std::string::npos)
        << cc.cause->detail;
}

TEST(SlowCause, AnUnsafeCheckCaseIsUnknown) {
    auto unsafe = counted_case("reduce0", 256, 1000, 4);
    unsafe.status = case_status::unsafe;
    unsafe.reason = "data-race";
    const auto r = explained(check_of({counted_case("reduce0", 256, 1000, 4)}), check_of({unsafe}));
    EXPECT_EQ(cause_text(*reduce0_float(r).cause), "cause unknown: the check case is unsafe: "
                                                   "data-race");
}

TEST(SlowCause, CheckProfilesPlannedForOtherGridsAreUnknown) {
    const auto sim = check_of({counted_case("reduce0", 256, 1000, 4)});
    auto gpu = sim; // the same counts, but its grids were planned for a GPU's compute units
    gpu.settings["check"]["planned_for"] = {{"device", "NVIDIA H200"}, {"compute_units", 132}};
    const auto r = explained(sim, gpu);
    const auto& cc = reduce0_float(r);
    ASSERT_TRUE(cc.cause);
    EXPECT_EQ(cc.cause->kind, cause_class::unknown);
    EXPECT_NE(cc.cause->detail.find("c.check.json's for NVIDIA H200's 132 compute units"),
              std::string::npos)
        << cc.cause->detail;
}

TEST(SlowCause, TheTimedSizeIsPreferredAndADuetsPrefixIsDropped) {
    auto small = counted_case("reduce0", 256, 1000, 4), exact = small;
    exact.key.n = 1048576;
    auto more = exact;
    more.check->passes[0].instructions = 2000;
    const auto r = explained(check_of({small, exact}), check_of({small, more}));
    const auto& cc = reduce0_float(r);
    EXPECT_EQ(cc.cause->kind, cause_class::more_work) << "n=1048576, not 4099, was used";
    EXPECT_EQ(cc.cause->counted_n, 0U);
    EXPECT_EQ(instance_free("base:reduce6"), "reduce6");
    EXPECT_EQ(instance_free("twin:reduce6"), "reduce6");
    EXPECT_EQ(instance_free("reduce6"), "reduce6");
}

} // namespace
} // namespace grp
