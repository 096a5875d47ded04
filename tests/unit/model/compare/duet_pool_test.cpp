// Pooling invocations of one duet (duet_pool.hpp) and judging them with the invocation as a
// level (pair.hpp): four invocations whose processes each disagree cannot decide alone (2 df,
// a 99 % t-quantile of 9.9) but decide together; invocations that disagree are judged on
// their own means; invocations of different experiments are refused with the reason.
#include "grp/core/error.hpp"
#include "grp/model/compare/duet_pool.hpp"
#include "grp/model/compare/pair.hpp"
#include "grp/model/spec/duet.hpp"

#include <gtest/gtest.h>
#include <stdexcept>

namespace grp {
namespace {

/// Rounds of one process at `level` x 10000 ns, each round jittered by +-0.2 %; `start` sets
/// the rounds' start times (real invocations never repeat a round, and merge_profiles takes
/// two runs with the very same rounds for one).
std::vector<round_record> process_rounds(std::uint32_t run, double level, double start,
                                         std::size_t n = 10) {
    std::vector<round_record> out;
    for (std::size_t i = 0; i < n; ++i) {
        round_record r;
        r.run = run;
        r.started_s = start + static_cast<double>(i);
        const double jitter = 1.0 + (static_cast<double>(i * 7 % 5) - 2) / 1000;
        for (int k = -1; k <= 1; ++k) {
            r.samples_ns.push_back(static_cast<std::uint64_t>(10000.0 * level * jitter + k));
        }
        out.push_back(r);
    }
    return out;
}

case_result make_case(const std::string& kernel, const std::vector<double>& levels, double start) {
    case_result c;
    c.key = make_case_key(kernel, "float", "flat", 1024, 64);
    for (std::uint32_t p = 0; p < levels.size(); ++p) {
        for (auto& r : process_rounds(p, levels[p], start + 100.0 * p)) {
            c.rounds.push_back(r);
        }
    }
    c.derive_from_rounds();
    c.status = case_status::ok;
    return c;
}

/// One invocation (from file "dI.json": I sets its rounds' start times): a process per ratio,
/// where the candidate runs at that ratio of the base.
std::pair<profile, std::string> invocation(const std::vector<double>& ratios,
                                           const std::string& file) {
    const double start = 1000.0 * static_cast<double>(std::stoi(file.substr(1)));
    profile p;
    p.devices.emplace_back();
    p.devices.back().info.name = "GPU A";
    p.runs.resize(ratios.size());
    for (std::size_t i = 0; i < p.runs.size(); ++i) {
        p.runs[i].id = file + "-" + std::to_string(i);
    }
    p.kernels = {{"old", "reduce", "old.cl", "aa", {}}, {"new", "reduce", "new.cl", "bb", {}}};
    p.settings["sizes"] = {1024};
    p.settings["duet"] = duet_to_json("base.json", {{"old", "new", ""}});
    p.cases = {make_case("old", std::vector<double>(ratios.size(), 1.0), start),
               make_case("new", ratios, start)};
    return {p, file};
}

const case_comparison& only_case(const comparison& c) {
    EXPECT_EQ(c.cases.size(), 1U);
    return c.cases.at(0);
}

TEST(duet_pool, invocations_that_cannot_decide_alone_decide_together) {
    const std::vector<std::vector<double>> runs = {
        {1.04, 1.16, 1.10}, {1.16, 1.10, 1.04}, {1.10, 1.04, 1.16}, {1.05, 1.15, 1.10}};
    std::vector<std::pair<profile, std::string>> all;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        all.push_back(invocation(runs[i], "d" + std::to_string(i) + ".json"));
        const auto alone = compare_pair(all.back().first, {"old", "new"}, {}, "alone");
        EXPECT_EQ(only_case(alone).outcome, verdict::inconclusive) << only_case(alone).note;
        EXPECT_EQ(only_case(alone).df, 2.0);
    }
    const auto pool = pool_duets(all);
    EXPECT_EQ(pool.pooled.runs.size(), 12U);
    const auto c = compare_pair(pool.pooled, {"old", "new"}, {}, "pooled");
    EXPECT_EQ(only_case(c).outcome, verdict::slower) << only_case(c).note;
    EXPECT_EQ(only_case(c).df, 11.0);
    EXPECT_NE(only_case(c).note.find("pooled over 4 invocations"), std::string::npos)
        << only_case(c).note;
    EXPECT_NEAR(*only_case(c).change(), 0.10, 0.005);
}

TEST(duet_pool, invocations_that_disagree_are_judged_on_their_means) {
    // Each invocation's processes agree closely; the invocations sit at +4, +12, +8, +16 %.
    std::vector<std::pair<profile, std::string>> all;
    const double levels[] = {1.04, 1.12, 1.08, 1.16};
    for (std::size_t i = 0; i < 4; ++i) {
        const double l = levels[i];
        all.push_back(invocation({l - 0.01, l, l + 0.01}, "d" + std::to_string(i) + ".json"));
    }
    const auto c = compare_pair(pool_duets(all).pooled, {"old", "new"}, {}, "pooled");
    EXPECT_EQ(only_case(c).df, 3.0) << only_case(c).note;
    EXPECT_NE(only_case(c).note.find("judged on the invocations' means"), std::string::npos)
        << only_case(c).note;
}

TEST(duet_pool, refuses_what_would_mix_experiments) {
    auto a = invocation({1.0, 1.0, 1.0}, "d0.json");
    auto b = invocation({1.0, 1.0, 1.0}, "d1.json");
    b.first.kernels[1].sha256 = "cc";
    EXPECT_THROW(pool_duets({a, b}), usage_error);
    b = invocation({1.0, 1.0, 1.0}, "d1.json");
    b.first.settings["sizes"] = {2048};
    try {
        pool_duets({a, b});
        FAIL() << "other sizes were pooled";
    } catch (const usage_error& e) {
        EXPECT_NE(std::string(e.what()).find("settings.sizes differs"), std::string::npos)
            << e.what();
    }
    b = invocation({1.0, 1.0, 1.0}, "d1.json");
    b.first.devices.back().info.name = "GPU B";
    EXPECT_THROW(pool_duets({a, b}), usage_error);
    b = invocation({1.0, 1.0, 1.0}, "d1.json");
    b.first.settings.erase("duet");
    EXPECT_THROW(pool_duets({a, b}), usage_error);
    EXPECT_THROW(pool_duets({a}), usage_error);
}

TEST(duet_pool, other_round_counts_pool_with_a_warning) {
    auto a = invocation({1.0, 1.0, 1.0}, "d0.json");
    auto b = invocation({1.0, 1.0, 1.0}, "d1.json");
    a.first.settings["rounds"] = 10;
    b.first.settings["rounds"] = 20;
    const auto pool = pool_duets({a, b});
    ASSERT_FALSE(pool.warnings.empty());
    EXPECT_NE(pool.warnings.front().find("settings.rounds"), std::string::npos);
}

} // namespace
} // namespace grp
