// The precision scenario's host sums: the classic 1.1f example with its known values, pairwise
// versus sequential on random data, and the data sets' generators.
#include "grp/model/host/host_data.hpp"
#include "grp/model/scenario/precision.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace grp {
namespace {

const std::vector<float> copies_of_1_1(std::size_t n = 1u << 20) {
    return std::vector<float>(n, 1.1f);
}

TEST(scenario_precision, float_1_1_is_the_expected_binary_value) {
    EXPECT_EQ(static_cast<double>(1.1f), 1.10000002384185791015625);
}

TEST(scenario_precision, sequential_float_loop_over_2_20_copies_of_1_1_gives_1165568_5) {
    EXPECT_EQ(sum_sequential_float(copies_of_1_1()), 1165568.5f);
}

TEST(scenario_precision, exact_sum_of_2_20_copies_of_1_1_is_1153433_625) {
    EXPECT_EQ(sum_compensated(copies_of_1_1()), 1153433.625L);
    EXPECT_EQ(1153433.625L, 1048576.0L * 1.10000002384185791015625L); // by hand: 2^20 x 1.1f
}

TEST(scenario_precision, pairwise_float_over_equal_values_is_exact) {
    // Every addition adds two equal powers-of-two multiples of 1.1f: exact doublings.
    EXPECT_EQ(sum_pairwise_float(copies_of_1_1()), 1153433.625f);
}

TEST(scenario_precision, staged_sum_of_the_apple_article_gives_1153421_75) {
    // Computed here independently: 32 lanes of 1.1f, then 32 such SIMD-group sums, then 1024
    // such work-group sums, each a plain float loop.
    float lanes = 0.0f;
    for (int i = 0; i < 32; ++i) {
        lanes += 1.1f;
    }
    float group = 0.0f;
    for (int i = 0; i < 32; ++i) {
        group += lanes;
    }
    float total = 0.0f;
    for (int i = 0; i < 1024; ++i) {
        total += group;
    }
    EXPECT_EQ(total, 1153421.75f); // the article prints 1153421.8
    EXPECT_EQ(precision_stages(), (std::vector<std::size_t>{32, 32}));
    EXPECT_EQ(sum_staged_float(copies_of_1_1(), precision_stages()), total);
    EXPECT_NEAR(relative_error(total, 1153433.625L), 11.875 / 1153433.625, 1e-15);
}

TEST(scenario_precision, staged_sum_by_hand) {
    EXPECT_EQ(sum_staged_float({}, {32, 32}), 0.0f);
    // No stages: the sequential loop.
    EXPECT_EQ(sum_staged_float({16777216.0f, 1.0f, 1.0f}, {}), 16777216.0f);
    // Stage width 2 pairs the ones ({2^24, 1}, {1}) -> 2^24 + 1 rounds to 2^24, then + 1
    // again: still 2^24. Width 3 sums everything in one loop.
    EXPECT_EQ(sum_staged_float({16777216.0f, 1.0f, 1.0f}, {2}), 16777216.0f);
    // ({1, 1}, {2^24}) -> 2 + 2^24 is exact.
    EXPECT_EQ(sum_staged_float({1.0f, 1.0f, 16777216.0f}, {2}), 16777218.0f);
    // A short last run: 5 values in runs of 2 -> 3 partials -> 1.
    EXPECT_EQ(sum_staged_float({1, 2, 3, 4, 5}, {2, 2}), 15.0f);
}

TEST(scenario_precision, relative_errors_of_the_1_1_example) {
    const long double exact = 1153433.625L;
    EXPECT_NEAR(relative_error(1165568.5, exact), 12134.875 / 1153433.625, 1e-15);
    EXPECT_EQ(relative_error(1153433.625, exact), 0.0);
    EXPECT_EQ(relative_error(0.0, 0.0L), 0.0);
    EXPECT_TRUE(std::isinf(relative_error(1.0, 0.0L)));
}

TEST(scenario_precision, small_cases_by_hand) {
    EXPECT_EQ(sum_sequential_float({}), 0.0f);
    EXPECT_EQ(sum_pairwise_float({}), 0.0f);
    EXPECT_EQ(sum_pairwise_float({3.0f}), 3.0f);
    // 2^24 + 1 + 1: sequentially each 1 is lost (2^24 + 1 rounds to 2^24, ties to even);
    // pairwise adds the two ones first ((2^24) + (1 + 1)), which is exact.
    const std::vector<float> v = {16777216.0f, 1.0f, 1.0f};
    EXPECT_EQ(sum_sequential_float(v), 16777216.0f);
    EXPECT_EQ(sum_pairwise_float(v), 16777218.0f);
    EXPECT_EQ(sum_compensated(v), 16777218.0L);
}

std::vector<float> dataset(value_kind k, std::uint64_t n = 1u << 20) {
    std::vector<float> v;
    for (std::uint64_t i = 0; i < n; ++i) {
        v.push_back(static_cast<float>(generated_value(element_type::float32, 1, i, k)));
    }
    return v;
}

TEST(scenario_precision, pairwise_beats_sequential_on_the_random_data_sets) {
    for (auto k : {value_kind::uniform_01, value_kind::mixed_magnitudes}) {
        const auto v = dataset(k);
        const auto exact = sum_compensated(v);
        EXPECT_LT(relative_error(sum_pairwise_float(v), exact),
                  relative_error(sum_sequential_float(v), exact))
            << dataset_name(k);
    }
}

TEST(scenario_precision, data_sets_hold_what_they_promise) {
    const auto c = dataset(value_kind::constant_1_1, 100);
    for (float x : c) {
        EXPECT_EQ(x, 1.1f);
    }
    bool positive = false, negative = false;
    double smallest = 1e30, largest = 0;
    for (float x : dataset(value_kind::mixed_magnitudes, 100000)) {
        positive |= x > 0;
        negative |= x < 0;
        smallest = std::min(smallest, std::fabs(double(x)));
        largest = std::max(largest, std::fabs(double(x)));
    }
    EXPECT_TRUE(positive && negative);
    EXPECT_GE(smallest, 0.999e-3);
    EXPECT_LT(smallest, 2e-3);
    EXPECT_LE(largest, 1.001e6);
    EXPECT_GT(largest, 5e5);
    for (float x : dataset(value_kind::uniform_01, 100000)) {
        ASSERT_GE(x, 0.0f);
        ASSERT_LT(x, 1.0f);
    }
}

TEST(scenario_precision, data_set_names_and_order) {
    ASSERT_EQ(precision_datasets().size(), 3u);
    EXPECT_EQ(dataset_name(precision_datasets()[0]), "const_1.1");
    EXPECT_EQ(dataset_name(precision_datasets()[1]), "uniform");
    EXPECT_EQ(dataset_name(precision_datasets()[2]), "mixed");
    EXPECT_NE(precision_explanation().find("log2"), std::string::npos);
}

} // namespace
} // namespace grp
