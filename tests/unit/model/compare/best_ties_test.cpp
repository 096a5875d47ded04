#include "grp/model/compare/best_ties.hpp"
#include "grp/model/profile/io.hpp"

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
