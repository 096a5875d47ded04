// A case faster than its device can read its bytes is `implausible` (issue #52 item 3): the roof
// at the case's size (roof_gbps), the judgement and its reversal (judge_roof, derive_metrics),
// the JSON round trip, and compare: an implausible candidate fails like a wrong one, and an
// improvement beyond the base's roof is implausible, never `faster`.
#include "grp/model/compare/compare.hpp"
#include "grp/model/measure/case_metrics.hpp"
#include "grp/model/measure/roof.hpp"
#include "grp/model/profile/io.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

// A device whose peak reads 100 GB/s over 128 MiB, with a roof of 400 GB/s at 1 MiB (a cache).
// (Fabricated: on the H200 the 1 MiB roof read 160-190 GB/s against a 4.5 TB/s peak.)
profile_device fabricated_device() {
    profile_device d;
    d.info.name = "Fixture CPU";
    d.peak = peak_bandwidth{100.0, 50.0, 1u << 27, 0, 0, "chunk_read (global 2, local 1)"};
    d.roofs.push_back({1u << 20, 400.0, 2621.44, "stream_read (global 64, local 64)"});
    return d;
}

// A verified float case reading `bytes` whose every sample took `ns`.
case_result timed_case(std::uint64_t bytes, std::uint64_t ns) {
    case_result c;
    c.key = make_case_key("reduce6", "float", "flat", bytes / 4, 256);
    c.bytes = bytes;
    round_record r;
    r.samples_ns = {ns, ns, ns};
    c.rounds = {r};
    return c;
}

TEST(roof, is_the_measured_size_or_the_peak_for_larger_inputs) {
    const auto d = fabricated_device();
    EXPECT_EQ(roof_gbps(d, 1u << 20), 400.0);
    EXPECT_EQ(roof_gbps(d, 1u << 27), 100.0);
    EXPECT_EQ(roof_gbps(d, 1u << 28), 100.0);
    // A smaller size never measured may sit in a cache: no roof, so never implausible.
    EXPECT_FALSE(roof_gbps(d, 1u << 22));
    // A small input's own roof, even below the peak (launch-bound on a GPU).
    auto low = d;
    low.roofs.front().read_gbps = 0.7;
    EXPECT_EQ(roof_gbps(low, 1u << 20), 0.7);
    EXPECT_FALSE(roof_gbps(profile_device{}, 1u << 20)); // no peak, no roofs
}

TEST(roof, a_case_above_twice_its_roof_is_implausible_and_says_why) {
    const auto d = fabricated_device();
    auto at = [&d](std::uint64_t bytes, double gbps) {
        auto c = timed_case(bytes, static_cast<std::uint64_t>(static_cast<double>(bytes) / gbps));
        derive_metrics(c, d);
        return c;
    };
    EXPECT_EQ(at(1u << 27, 199.0).status, case_status::ok);
    EXPECT_EQ(at(1u << 20, 790.0).status, case_status::ok);
    const auto fast = at(1u << 27, 201.0);
    EXPECT_EQ(fast.status, case_status::implausible);
    EXPECT_NE(fast.reason.find("reads 128.00 MiB at 201.0 GB/s, above 2x the device's read roof "
                               "at that size (100.0 GB/s, chunk_read (global 2, local 1))"),
              std::string::npos)
        << fast.reason;
    EXPECT_EQ(at(1u << 20, 810.0).status, case_status::implausible);
    EXPECT_EQ(at(1u << 22, 5000.0).status, case_status::ok); // no roof at 4 MiB
}

TEST(roof, a_better_roof_makes_the_case_ok_again_and_other_statuses_stay) {
    auto d = fabricated_device();
    auto c = timed_case(1u << 27, static_cast<std::uint64_t>((1u << 27) / 250.0));
    derive_metrics(c, d);
    ASSERT_EQ(c.status, case_status::implausible);
    d.peak->read_gbps = 130.0; // measured again, higher
    derive_metrics(c, d);
    EXPECT_EQ(c.status, case_status::ok);
    EXPECT_TRUE(c.reason.empty());
    auto wrong = timed_case(1u << 27, 1000);
    wrong.status = case_status::wrong;
    wrong.reason = "exact check failed";
    derive_metrics(wrong, d);
    EXPECT_EQ(wrong.status, case_status::wrong);
    EXPECT_EQ(wrong.reason, "exact check failed");
}

TEST(roof, status_and_roofs_survive_the_json_round_trip) {
    EXPECT_EQ(parse_case_status("implausible"), case_status::implausible);
    profile p;
    p.devices.push_back(fabricated_device());
    nlohmann::ordered_json j;
    to_json(j, p);
    profile back;
    from_json(j, back);
    ASSERT_EQ(back.devices.at(0).roofs.size(), 1u);
    EXPECT_EQ(back.devices[0].roofs[0].bytes, 1u << 20);
    EXPECT_EQ(back.devices[0].roofs[0].read_gbps, 400.0);
    j["devices"][0].erase("roofs"); // before 2.14
    from_json(j, back);
    EXPECT_TRUE(back.devices.at(0).roofs.empty());
}

comparison compare_fixtures(bool with_roof, bool cand_implausible) {
    const std::string dir = std::string(GRP_TEST_DATA) + "/compare/";
    auto base = load_profile(dir + "slower10.json"); // the candidate is ~10 % faster than it
    auto cand = load_profile(dir + "base.json");
    if (with_roof) { // 30 GB/s at the cases' 4 MiB: the candidate reads 68-205 GB/s
        base.devices.at(0).roofs.push_back({4194304, 30.0, 139810.0, "stream_read"});
    }
    if (cand_implausible) {
        cand.cases.at(0).status = case_status::implausible;
        cand.cases.at(0).reason = "reads 4.00 MiB at 68.6 GB/s, above 2x ...";
    }
    compare_options opt;
    opt.one_run_gates = true;
    return compare_profiles(base, cand, opt, "base", "cand");
}

TEST(roof, compare_never_calls_an_improvement_beyond_the_roof_faster) {
    const auto plain = compare_fixtures(false, false);
    ASSERT_EQ(plain.count(verdict::faster), plain.cases.size());
    EXPECT_EQ(plain.failures(), 0u);
    const auto roofed = compare_fixtures(true, false);
    EXPECT_EQ(roofed.count(verdict::implausible), roofed.cases.size());
    EXPECT_EQ(roofed.failures(), roofed.cases.size());
    EXPECT_NE(roofed.cases.front().note.find("the device's read roof at that size (30.0 GB/s"),
              std::string::npos)
        << roofed.cases.front().note;
}

TEST(roof, an_implausible_candidate_fails_like_a_wrong_one) {
    const auto c = compare_fixtures(false, true);
    EXPECT_EQ(c.count(verdict::implausible), 1u);
    EXPECT_EQ(c.failures(), 1u);
}

} // namespace
} // namespace grp
