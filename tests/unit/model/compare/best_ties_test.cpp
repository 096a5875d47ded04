#include "grp/model/compare/best_ties.hpp"
#include "grp/model/profile/io.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace grp {
namespace {

profile ties_fixture() {
    // UNROLL=2 and 4 have overlapping rounds; UNROLL=1 is twice as slow (tests/cli/tuning.cmake).
    return load_profile(std::string(GRP_TEST_DATA) + "/tuning/ties.json");
}

std::string unroll(const case_result* c) {
    return c == nullptr ? "-" : c->key.params.at("UNROLL");
}

// UNROLL=4's rounds spread around UNROLL=2's median: scattered by +-30 %, so the interval of
// their ratio holds 1 but is far wider than +-5 %.
void scatter_unroll4(profile& p) {
    const std::uint64_t spread[] = {70000, 131000, 90000, 112000};
    for (auto& c : p.cases) {
        if (c.key.params.at("UNROLL") != "4") {
            continue;
        }
        for (std::size_t i = 0; i < c.rounds.size(); ++i) {
            for (auto& s : c.rounds[i].samples_ns) {
                s = spread[i % 4];
            }
        }
        c.derive_from_rounds();
    }
}

TEST(best_ties, an_interval_wider_than_the_threshold_is_not_separated_never_tied) {
    auto p = ties_fixture();
    scatter_unroll4(p);
    const auto t = ties_of(p, best_configs(p).front());
    ASSERT_NE(t.winner, nullptr);
    EXPECT_TRUE(t.tied.empty());
    ASSERT_EQ(t.not_separated.size(), 1u);
    EXPECT_EQ(unroll(t.not_separated.front()), unroll(t.runner_up));
    EXPECT_EQ(t.fewest_rounds, 4u); // the fixture's rounds per case
    ASSERT_TRUE(t.margin.estimable);
    EXPECT_LT(t.margin.ci_low, std::log(0.95)); // wider than the threshold on a side
}

TEST(best_ties, rounds_too_few_for_an_interval_are_not_separated) {
    auto p = ties_fixture();
    for (auto& c : p.cases) {
        c.rounds.resize(1); // one round: no spread to estimate from
        c.derive_from_rounds();
    }
    const auto t = ties_of(p, best_configs(p).front());
    ASSERT_NE(t.winner, nullptr);
    EXPECT_TRUE(t.tied.empty());
    EXPECT_EQ(t.not_separated.size(), 2u); // UNROLL=4, and even the twice slower UNROLL=1
    EXPECT_FALSE(t.margin.estimable);
}

TEST(best_ties, the_profile_json_names_the_sets_and_the_runner_up) {
    auto p = ties_fixture();
    const auto tied = best_separation_json(ties_of(p, best_configs(p).front()));
    EXPECT_EQ(tied["tied"].size(), 1u);
    EXPECT_EQ(tied["not_separated"].size(), 0u);
    EXPECT_EQ(tied["runner_up"]["key"]["params"]["UNROLL"], 4); // as the case key writes it
    EXPECT_LE(tied["runner_up"]["ci_low"].get<double>(), 0);
    EXPECT_DOUBLE_EQ(tied["threshold"].get<double>(), 0.05);
    scatter_unroll4(p);
    const auto wide = best_separation_json(ties_of(p, best_configs(p).front()));
    EXPECT_EQ(wide["tied"].size(), 0u);
    EXPECT_EQ(wide["not_separated"].size(), 1u);
    EXPECT_EQ(wide["fewest_rounds"], 4);
    EXPECT_TRUE(best_separation_json(best_ties{}).is_null());
}

TEST(best_ties, rounds_that_overlap_are_tied_and_a_twice_slower_configuration_is_not) {
    const auto p = ties_fixture();
    const auto best = best_configs(p);
    ASSERT_EQ(best.size(), 1u);
    const auto t = ties_of(p, best.front());
    EXPECT_EQ(unroll(t.winner), "2");
    ASSERT_EQ(t.tied.size(), 1u);
    EXPECT_EQ(unroll(t.tied.front()), "4");
    EXPECT_EQ(unroll(t.runner_up), "4"); // the next fastest median, here tied
    ASSERT_TRUE(t.margin.estimable);
    EXPECT_LE(t.margin.ci_low, 0); // why it is tied: the interval of the change holds 0
    EXPECT_GE(t.margin.ci_high, 0);
    EXPECT_DOUBLE_EQ(t.confidence, 0.99); // compare's default alpha
}

TEST(best_ties, a_configuration_that_is_not_ok_never_competes) {
    auto p = ties_fixture();
    for (auto& c : p.cases) {
        if (c.key.params.at("UNROLL") == "4") {
            c.status = case_status::wrong;
        }
    }
    const auto t = ties_of(p, best_configs(p).front());
    EXPECT_EQ(unroll(t.winner), "2");
    EXPECT_TRUE(t.tied.empty());
    EXPECT_EQ(unroll(t.runner_up), "1"); // set apart: its interval excludes no change
    ASSERT_TRUE(t.margin.estimable);
    EXPECT_GT(t.margin.ci_low, 0);
}

TEST(best_ties, a_best_that_names_no_case_of_the_profile_has_no_winner) {
    const auto p = ties_fixture();
    auto b = best_configs(p).front();
    b.n = 8192; // another group: no case of it
    const auto t = ties_of(p, b);
    EXPECT_EQ(t.winner, nullptr);
    EXPECT_TRUE(t.tied.empty());
    EXPECT_EQ(t.runner_up, nullptr);
}

} // namespace
} // namespace grp
