// Tests of compare's Bencher Metric Format JSON (report/bmf/compare.hpp): the shape Bencher's
// schema asks (benchmark -> measure -> value, lower_value, upper_value), bounds from the
// interval, controls and cases without a candidate time left out.
#include "grp/report/bmf/compare.hpp"
#include "report/compare_samples.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(bmf, every_timed_case_has_latency_and_ratio_bounded_by_the_interval) {
    const auto c = test::against_base("slower10");
    const auto doc = comparisons_bmf({c});
    ASSERT_TRUE(doc.is_object());
    std::size_t timed = 0;
    for (const auto& cc : c.cases) {
        if (!cc.cand || !cc.cand->median_ns) {
            continue;
        }
        ++timed;
        const auto& m = doc.at(cc.key.to_string());
        EXPECT_DOUBLE_EQ(m.at("latency").at("value").get<double>(), *cc.cand->median_ns);
        if (cc.ratio && cc.ci_low && cc.ci_high) {
            const auto& l = m.at("latency");
            EXPECT_LE(l.at("lower_value").get<double>(), l.at("upper_value").get<double>());
            EXPECT_DOUBLE_EQ(m.at("ratio").at("value").get<double>(), *cc.ratio);
            EXPECT_DOUBLE_EQ(m.at("ratio").at("lower_value").get<double>(), *cc.ci_low);
            EXPECT_DOUBLE_EQ(m.at("ratio").at("upper_value").get<double>(), *cc.ci_high);
        }
    }
    EXPECT_GT(timed, 0U);
    EXPECT_EQ(doc.size(), timed);
}

TEST(bmf, controls_are_left_out_and_several_candidates_are_named) {
    auto first = test::against_base("slower10");
    auto second = test::against_base("identical");
    auto control = test::against_base("slower2");
    control.control = true;
    const auto doc = comparisons_bmf({control, first, second});
    for (const auto& [name, measures] : doc.items()) {
        EXPECT_TRUE(name.rfind("slower10.json: ", 0) == 0 || name.rfind("identical.json: ", 0) == 0)
            << name;
        EXPECT_TRUE(measures.at("latency").contains("value"));
    }
}

TEST(bmf, one_candidate_given_twice_keeps_both_entries) {
    const auto c = test::against_base("slower10");
    const auto doc = comparisons_bmf({c, c});
    const auto name = "slower10.json: " + c.cases.front().key.to_string();
    EXPECT_TRUE(doc.contains(name));
    EXPECT_TRUE(doc.contains(name + " #2"));
}

TEST(bmf, no_bounds_without_an_interval_and_nothing_without_a_time) {
    auto c = test::against_base("slower10");
    ASSERT_GE(c.cases.size(), 2U);
    c.cases[0].ci_low.reset();
    c.cases[1].cand.reset();
    const auto doc = comparisons_bmf({c});
    const auto& m = doc.at(c.cases[0].key.to_string());
    EXPECT_FALSE(m.at("latency").contains("lower_value"));
    EXPECT_FALSE(m.at("ratio").contains("lower_value"));
    EXPECT_FALSE(doc.contains(c.cases[1].key.to_string()));
}

} // namespace
} // namespace grp
