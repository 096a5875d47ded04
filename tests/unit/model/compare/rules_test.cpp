// Tests of compare's rules on small in-memory profiles: statuses (wrong, fixed, skipped,
// failed), too few rounds, device matching by UUID or name, pairing on multi-device profiles,
// worst-first order, that improvements never fail, and the interval rules of each verdict.
#include "grp/core/machine/host_probe.hpp"
#include "grp/model/compare/case_compare.hpp"
#include "grp/model/compare/compare.hpp"

#include <algorithm>
#include <gtest/gtest.h>

namespace grp {
namespace {

/// `count` rounds around `median` ns, each of 5 samples: round i sits at median x (1 + d_i)
/// with d_i = ((i*7 % 11) - 5) / 1000 (so +-0.5 %), its samples +-1 ns around that. No
/// randomness: every verdict below follows from these numbers.
std::vector<round_record> samples(std::uint64_t median, std::size_t count = 10) {
    std::vector<round_record> rounds;
    for (std::size_t i = 0; i < count; ++i) {
        round_record r;
        const double level =
            static_cast<double>(median) * (1.0 + (static_cast<double>(i * 7 % 11) - 5) / 1000);
        for (int k = -2; k <= 2; ++k) {
            r.samples_ns.push_back(static_cast<std::uint64_t>(level + k));
        }
        rounds.push_back(r);
    }
    return rounds;
}

case_result make_case(const std::string& kernel, std::vector<round_record> rounds,
                      case_status st = case_status::ok, int device = 0) {
    case_result c;
    c.key = make_case_key(kernel, "float", "flat", 1024, 64);
    c.rounds = std::move(rounds);
    c.derive_from_rounds();
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
    opt.one_run_gates = true; // single-run fixtures: these tests pin the rules on rounds
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

TEST(compare_rules, too_few_rounds_is_inconclusive) {
    auto base = make_profile({make_case("k", samples(1000, 3))});
    auto cand = make_profile({make_case("k", samples(2000, 30))});
    compare_options opt;
    opt.min_rounds = 4;
    auto c = run(base, cand, opt);
    EXPECT_EQ(c.cases[0].outcome, verdict::inconclusive);
    EXPECT_NE(c.cases[0].note.find("too few rounds"), std::string::npos) << c.cases[0].note;
    EXPECT_FALSE(c.failed());
    EXPECT_EQ(run(base, cand).cases[0].outcome, verdict::slower); // 3 rounds suffice at 2x
}

TEST(compare_rules, launches_of_one_round_are_not_samples) {
    // One round of 500 tight launches a side: however many launches, one round shows no
    // variation between rounds, so nothing can be decided.
    round_record big;
    for (int i = 0; i < 500; ++i) {
        big.samples_ns.push_back(1000 + static_cast<std::uint64_t>(i % 3));
    }
    auto slower = big;
    for (auto& s : slower.samples_ns) {
        s += 100;
    }
    auto c = run(make_profile({make_case("k", {big})}), make_profile({make_case("k", {slower})}));
    EXPECT_EQ(c.cases[0].outcome, verdict::inconclusive);
}

TEST(compare_rules, verdicts_follow_the_interval_and_the_threshold) {
    auto base = make_profile({make_case("k", samples(1000))});
    for (auto [median, expected] :
         {std::pair{1000ULL, verdict::same}, std::pair{1010ULL, verdict::same},
          std::pair{1100ULL, verdict::slower}, std::pair{900ULL, verdict::faster}}) {
        auto c = run(base, make_profile({make_case("k", samples(median))}));
        const auto& cc = c.cases[0];
        EXPECT_EQ(cc.outcome, expected) << median << ": " << cc.note;
        ASSERT_TRUE(cc.ci_low && cc.ci_high);
        EXPECT_LE(*cc.ci_low, *cc.ratio);
        EXPECT_GE(*cc.ci_high, *cc.ratio);
        if (expected == verdict::same) {
            EXPECT_GE(*cc.ci_low, 0.95);
            EXPECT_LE(*cc.ci_high, 1.05);
        }
    }
}

TEST(compare_rules, all_flagged_rounds_are_unmeasured_never_silent) {
    round_record flagged;
    flagged.flagged = 5;
    auto base = make_profile({make_case("k", samples(1000))});
    auto cand = make_profile({make_case("k", {flagged, flagged})});
    auto c = run(base, cand);
    EXPECT_EQ(c.cases[0].outcome, verdict::unmeasured);
    EXPECT_TRUE(c.cases[0].fails);
    compare_options opt;
    opt.fail_on = parse_fail_on("slower,wrong");
    EXPECT_FALSE(run(base, cand, opt).failed()); // only when asked to let it pass
}

TEST(compare_rules, different_hosts_are_labelled_cross_machine) {
    auto base = make_profile({make_case("k", samples(1000))});
    auto cand = make_profile({make_case("k", samples(1500))});
    base.host.hostname = "runner-1";
    base.host.machine_id = "aaaa";
    cand.host.hostname = "runner-2";
    cand.host.machine_id = "bbbb";
    auto c = run(base, cand);
    EXPECT_TRUE(c.cases[0].cross_machine);
    EXPECT_EQ(c.cases[0].outcome, verdict::slower);
    EXPECT_FALSE(c.failed());
    ASSERT_FALSE(c.warnings.empty());
    EXPECT_NE(c.warnings[0].find("cross-machine"), std::string::npos);
    cand.host.machine_id = "aaaa"; // the same machine, renamed
    EXPECT_FALSE(run(base, cand).cases[0].cross_machine);
}

TEST(compare_rules, a_changed_kernel_source_is_flagged) {
    auto base = make_profile({make_case("k", samples(1000))});
    auto cand = make_profile({make_case("k", samples(1000))});
    base.kernels.push_back({"k", "k", "k.cl", std::string(64, 'a'), {}});
    cand.kernels.push_back({"k", "k", "k.cl", std::string(64, 'b'), {}});
    auto c = run(base, cand);
    EXPECT_TRUE(c.cases[0].source_changed);
    EXPECT_NE(c.cases[0].note.find("kernel source changed"), std::string::npos);
    EXPECT_TRUE(std::any_of(c.warnings.begin(), c.warnings.end(), [](const std::string& w) {
        return w.find("source changed") != std::string::npos;
    }));
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
    EXPECT_TRUE(same_device(a, b)); // two cards of one model: the same model...
    host_info h;
    EXPECT_FALSE(same_physical_device(a, h, b, h)); // ...but not the same card
    b.uuid = "1111";
    b.name = "NVIDIA H100 80GB HBM3"; // a driver renamed it; the UUID is the same card
    EXPECT_TRUE(same_device(a, b));
    EXPECT_TRUE(same_physical_device(a, h, b, h));
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

TEST(compare_rules, peak_normalization_without_a_peak_is_inconclusive) {
    auto base = make_profile({make_case("k", samples(1000))});
    auto cand = make_profile({make_case("k", samples(2000))});
    compare_options opt;
    parse_normalize("peak", opt);
    auto c = run(base, cand, opt);
    EXPECT_EQ(c.cases[0].outcome, verdict::inconclusive);
    EXPECT_NE(c.cases[0].note.find("no measured peak bandwidth for GPU A"), std::string::npos);
    base.devices[0].peak = peak_bandwidth{400, 350, 1 << 20, 0, 0, "stream_read"};
    cand.devices[0].peak = peak_bandwidth{200, 175, 1 << 20, 0, 0, "stream_read"};
    auto n = run(base, cand, opt);
    EXPECT_EQ(n.cases[0].outcome, verdict::same); // twice the time at half the bandwidth
    EXPECT_NEAR(*n.cases[0].ratio, 1.0, 1e-3);
}

TEST(compare_rules, incomplete_profiles_are_warned_about) {
    auto base = make_profile({make_case("k", samples(1000))});
    auto cand = base;
    cand.complete = false;
    cand.incomplete_reason = "interrupted by SIGTERM";
    auto c = run(base, cand);
    ASSERT_EQ(c.warnings.size(), 2u);
    EXPECT_NE(c.warnings[0].find("c is incomplete (interrupted by SIGTERM)"), std::string::npos);
    EXPECT_NE(c.warnings[1].find("one run on each side"), std::string::npos);
}

// One run against one: the rounds of one process miss its level, so by default timing is read,
// not gated (NOT GATED, exit 8), and only --allow-one-run's risk gets a warning.
TEST(compare_rules, one_run_against_one_is_read_not_gated) {
    const auto base = make_profile({make_case("k", samples(1000))});
    const auto cand = make_profile({make_case("k", samples(1200))});
    const auto c = compare_profiles(base, cand, {}, "b", "c");
    ASSERT_EQ(c.cases.size(), 1u);
    EXPECT_TRUE(c.cases[0].one_run_each);
    EXPECT_EQ(c.cases[0].outcome, verdict::slower); // still shown
    EXPECT_FALSE(c.cases[0].fails);
    EXPECT_NE(c.cases[0].note.find("one run on each side: read, not gated"), std::string::npos)
        << c.cases[0].note;
    EXPECT_EQ(c.timing_judged(), 0u);
    EXPECT_TRUE(c.one_run_not_gated());
    EXPECT_TRUE(c.timing_not_gated());
    EXPECT_TRUE(c.judged_nothing());
    EXPECT_TRUE(c.warnings.empty()); // the headline says it
    // A policy of results only asked for no timing verdict: the warning tells the risk instead.
    compare_options results;
    results.fail_on = parse_fail_on("wrong");
    const auto r = compare_profiles(base, cand, results, "b", "c");
    EXPECT_FALSE(r.timing_not_gated());
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("one run on each side"), std::string::npos);
}

TEST(compare_rules, allow_one_run_gates_on_rounds_and_warns) {
    const auto base = make_profile({make_case("k", samples(1000))});
    const auto cand = make_profile({make_case("k", samples(1200))});
    const auto c = run(base, cand);
    EXPECT_TRUE(c.cases[0].fails);
    EXPECT_FALSE(c.one_run_not_gated());
    EXPECT_EQ(c.timing_judged(), 1u);
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_NE(c.warnings[0].find("--allow-one-run gates them anyway"), std::string::npos)
        << c.warnings[0];
    EXPECT_NE(c.warnings[0].find("run --gate"), std::string::npos);
}

TEST(compare_rules, a_baseline_of_several_runs_gates_a_one_run_candidate) {
    auto base = make_profile({make_case("k", samples(1000))});
    base.runs.resize(3);
    for (std::size_t i = 0; i < base.cases[0].rounds.size(); ++i) {
        base.cases[0].rounds[i].run = static_cast<run_index>(i % 3);
    }
    const auto cand = make_profile({make_case("k", samples(1000))});
    const auto c = compare_profiles(base, cand, {}, "b", "c");
    EXPECT_FALSE(c.cases[0].one_run_each);
    EXPECT_FALSE(c.one_run_not_gated());
}

} // namespace
} // namespace grp
