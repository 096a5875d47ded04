// Tests of compare's rules on small in-memory profiles: statuses (wrong, fixed, skipped,
// failed), too few samples, device matching by UUID or name, pairing on multi-device profiles,
// worst-first order, and that improvements never fail.
#include "grp/model/compare.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

/// `count` samples around `median` ns: median + (i*7 % 11) - 5, so spread ±5 ns, no randomness.
std::vector<std::uint64_t> samples(std::uint64_t median, std::size_t count = 20) {
    std::vector<std::uint64_t> v;
    for (std::size_t i = 0; i < count; ++i) {
        v.push_back(median + (i * 7 % 11) - 5);
    }
    return v;
}

case_result make_case(const std::string& kernel, std::vector<std::uint64_t> s,
                      case_status st = case_status::ok, int device = 0) {
    case_result c;
    c.key = make_case_key(kernel, "float", "flat", 1024, 64);
    c.samples_ns = std::move(s);
    c.status = st;
    c.device = device;
    if (st != case_status::ok) {
        c.reason = "because " + kernel;
    }
    return c;
}

profile make_profile(std::vector<case_result> cases,
                     std::vector<std::pair<std::string, std::string>> devices = {{"GPU A", ""}}) {
    profile p;
    for (const auto& [name, uuid] : devices) {
        profile_device d;
        d.info.name = name;
        if (!uuid.empty()) {
            d.info.uuid = uuid;
        }
        p.devices.push_back(d);
    }
    p.cases = std::move(cases);
    return p;
}

comparison run(const profile& b, const profile& c, compare_options opt = {}) {
    return compare_profiles(b, c, opt, "b", "c");
}

TEST(compare_rules, statuses_decide_before_timing) {
    auto base = make_profile({make_case("k_wrong", samples(1000)),
                              make_case("k_still", samples(1000), case_status::wrong),
                              make_case("k_fixed", samples(1000), case_status::wrong),
                              make_case("k_failed", samples(1000)),
                              make_case("k_skipped", {}, case_status::skipped),
                              make_case("k_never", {}, case_status::skipped)});
    auto cand = make_profile(
        {make_case("k_wrong", samples(1000), case_status::wrong),
         make_case("k_still", samples(1000), case_status::wrong),
         make_case("k_fixed", samples(1000)), make_case("k_failed", {}, case_status::failed),
         make_case("k_skipped", samples(1000)), make_case("k_never", {}, case_status::failed)});
    compare_options opt;
    opt.fail_on = parse_fail_on("slower,wrong,missing");
    auto c = run(base, cand, opt);
    ASSERT_EQ(c.cases.size(), 6u);
    // Worst first: wrong, missing, still-wrong, fixed, added, not-run.
    std::vector<verdict> order;
    for (const auto& cc : c.cases) {
        order.push_back(cc.outcome);
    }
    EXPECT_EQ(order, (std::vector<verdict>{verdict::wrong, verdict::missing, verdict::still_wrong,
                                           verdict::fixed, verdict::added, verdict::not_run}));
    EXPECT_TRUE(c.cases[0].fails);
    EXPECT_TRUE(c.cases[1].fails);
    EXPECT_NE(c.cases[1].note.find("failed: because k_failed"), std::string::npos);
    for (std::size_t i = 2; i < c.cases.size(); ++i) {
        EXPECT_FALSE(c.cases[i].fails) << to_string(c.cases[i].outcome);
    }
    EXPECT_EQ(c.failures(), 2u);
}

TEST(compare_rules, too_few_samples_is_unknown) {
    auto base = make_profile({make_case("k", samples(1000, 4))});
    auto cand = make_profile({make_case("k", samples(2000, 30))});
    auto c = run(base, cand);
    EXPECT_EQ(c.cases[0].outcome, verdict::unknown);
    EXPECT_NE(c.cases[0].note.find("too few samples (base 4"), std::string::npos);
    compare_options opt;
    opt.min_samples = 4;
    EXPECT_EQ(run(base, cand, opt).cases[0].outcome, verdict::slower);
}

TEST(compare_rules, improvements_never_fail_and_sort_after_regressions) {
    auto base = make_profile({make_case("fast", samples(2000)), make_case("slow1", samples(1000)),
                              make_case("slow2", samples(1000)), make_case("same", samples(1000))});
    auto cand = make_profile({make_case("fast", samples(1000)), make_case("slow1", samples(1200)),
                              make_case("slow2", samples(1500)), make_case("same", samples(1010))});
    compare_options opt;
    opt.fail_on = parse_fail_on("slower,wrong,missing");
    auto c = run(base, cand, opt);
    ASSERT_EQ(c.cases.size(), 4u);
    EXPECT_EQ(c.cases[0].key.kernel, "slow2"); // the larger regression first
    EXPECT_EQ(c.cases[1].key.kernel, "slow1");
    EXPECT_EQ(c.cases[2].key.kernel, "same");
    EXPECT_EQ(c.cases[3].key.kernel, "fast");
    EXPECT_EQ(c.cases[3].outcome, verdict::faster);
    EXPECT_FALSE(c.cases[3].fails);
    EXPECT_EQ(c.failures(), 2u);
}

TEST(compare_rules, devices_match_by_uuid_else_name) {
    device_info a, b;
    a.name = b.name = "NVIDIA H100";
    EXPECT_TRUE(same_device(a, b));
    a.uuid = "1111";
    EXPECT_TRUE(same_device(a, b)); // one side without a UUID: the name decides
    b.uuid = "2222";
    EXPECT_FALSE(same_device(a, b)); // two cards of one model
    b.uuid = "1111";
    b.name = "NVIDIA H100 80GB HBM3"; // a driver renamed it; the UUID is the same card
    EXPECT_TRUE(same_device(a, b));
    a.uuid.reset();
    EXPECT_FALSE(same_device(a, b));
}

TEST(compare_rules, multi_device_profiles_pair_cases_by_device_not_index) {
    // The base lists A then B; the candidate B then A (another enumeration order).
    auto base = make_profile({make_case("k", samples(1000), case_status::ok, 0),
                              make_case("k", samples(3000), case_status::ok, 1)},
                             {{"GPU A", "aa"}, {"GPU B", "bb"}});
    auto cand = make_profile({make_case("k", samples(3000), case_status::ok, 0),
                              make_case("k", samples(1000), case_status::ok, 1)},
                             {{"GPU B", "bb"}, {"GPU A", "aa"}});
    auto c = run(base, cand);
    ASSERT_EQ(c.cases.size(), 2u);
    EXPECT_EQ(c.common, 2u);
    for (const auto& cc : c.cases) {
        EXPECT_FALSE(cc.cross_device);
        EXPECT_EQ(cc.outcome, verdict::same);
        EXPECT_EQ(cc.base->device, cc.cand->device);
    }
}

TEST(compare_rules, cross_device_wrong_still_fails) {
    auto base = make_profile({make_case("k", samples(1000))}, {{"GPU A", ""}});
    auto cand = make_profile({make_case("k", samples(1000), case_status::wrong)}, {{"GPU B", ""}});
    auto c = run(base, cand);
    EXPECT_TRUE(c.cases[0].cross_device);
    EXPECT_EQ(c.cases[0].outcome, verdict::wrong);
    EXPECT_TRUE(c.failed());
}

TEST(compare_rules, peak_normalization_without_a_peak_is_unknown) {
    auto base = make_profile({make_case("k", samples(1000))});
    auto cand = make_profile({make_case("k", samples(2000))});
    compare_options opt;
    parse_normalize("peak", opt);
    auto c = run(base, cand, opt);
    EXPECT_EQ(c.cases[0].outcome, verdict::unknown);
    EXPECT_NE(c.cases[0].note.find("no measured peak bandwidth for GPU A"), std::string::npos);
    base.devices[0].peak = peak_bandwidth{400, 350, 1 << 20, 0, 0, "stream_read"};
    cand.devices[0].peak = peak_bandwidth{200, 175, 1 << 20, 0, 0, "stream_read"};
    auto n = run(base, cand, opt);
    EXPECT_EQ(n.cases[0].outcome, verdict::same); // twice the time at half the bandwidth
    EXPECT_NEAR(*n.cases[0].ratio, 1.0, 1e-12);
}

TEST(compare_rules, incomplete_profiles_are_warned_about) {
    auto base = make_profile({make_case("k", samples(1000))});
    auto cand = base;
    cand.complete = false;
    auto c = run(base, cand);
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_NE(c.warnings[0].find("c is incomplete"), std::string::npos);
}

} // namespace
} // namespace grp
