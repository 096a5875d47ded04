#include "grp/model/host/exact_data.hpp"
#include "grp/model/host/host_data.hpp"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>

namespace grp {
namespace {

data_choice kind(value_kind k, double constant = 0) {
    data_choice d;
    d.kind = k;
    d.constant = constant;
    return d;
}

TEST(exact_data, random_float_is_exact_up_to_2_to_35_with_a_bound_below_1e_12) {
    for (int e = 0; e <= 35; ++e) {
        const auto n = std::uint64_t{1} << e;
        EXPECT_LT(random_data_failure_bound(element_type::float32, n), exact_failure_limit) << e;
        EXPECT_TRUE(exact_in_any_order(element_type::float32, kind(value_kind::random), n)) << e;
    }
    // Beyond, the bound no longer holds: such a case is checked within a tolerance instead.
    const auto big = std::uint64_t{1} << 36;
    EXPECT_GT(random_data_failure_bound(element_type::float32, big), exact_failure_limit);
    EXPECT_FALSE(exact_in_any_order(element_type::float32, kind(value_kind::random), big));
}

TEST(exact_data, the_bound_is_the_hoeffding_union_bound) {
    // 4 n exp(-2^41 / n) for float at n = 2^35: exp(-64) * 2^37.
    const double n = std::ldexp(1.0, 35);
    const double expected = 4 * n * std::exp(-std::ldexp(1.0, 41) / n);
    EXPECT_NEAR(random_data_failure_bound(element_type::float32, std::uint64_t{1} << 35), expected,
                expected * 1e-9);
}

TEST(exact_data, random_double_is_exact_at_every_size_a_device_can_hold) {
    EXPECT_TRUE(exact_in_any_order(element_type::float64, kind(value_kind::random),
                                   std::uint64_t{1} << 40));
    EXPECT_LT(random_data_failure_bound(element_type::float64, std::uint64_t{1} << 44),
              exact_failure_limit);
}

TEST(exact_data, integer_types_are_always_exact) {
    for (const auto t : {element_type::int32, element_type::uint32}) {
        EXPECT_EQ(random_data_failure_bound(t, UINT64_MAX), 0.0);
        EXPECT_TRUE(exact_in_any_order(t, kind(value_kind::file), UINT64_MAX));
    }
}

TEST(exact_data, deterministic_data_is_exact_while_its_largest_partial_sum_fits) {
    const auto f = element_type::float32;
    const auto two24 = std::uint64_t{1} << 24;
    EXPECT_TRUE(exact_in_any_order(f, kind(value_kind::ones), two24));
    EXPECT_FALSE(exact_in_any_order(f, kind(value_kind::ones), two24 + 1));
    EXPECT_TRUE(exact_in_any_order(f, kind(value_kind::integer_valued), two24 / 8));
    EXPECT_FALSE(exact_in_any_order(f, kind(value_kind::integer_valued), two24 / 8 + 1));
    EXPECT_TRUE(exact_in_any_order(f, kind(value_kind::iota), 5793));  // 5793*5792/2 < 2^24
    EXPECT_FALSE(exact_in_any_order(f, kind(value_kind::iota), 5794)); // > 2^24
    EXPECT_TRUE(exact_in_any_order(f, kind(value_kind::constant, -4), two24 / 4));
    EXPECT_FALSE(exact_in_any_order(f, kind(value_kind::constant, -4), two24 / 4 + 1));
    EXPECT_FALSE(exact_in_any_order(f, kind(value_kind::constant, 2.5), 2));
    EXPECT_TRUE(exact_in_any_order(element_type::float64, kind(value_kind::ones), two24 + 1));
}

TEST(exact_data, files_and_the_precision_data_sets_are_checked_within_a_tolerance) {
    for (const auto k : {value_kind::file, value_kind::constant_1_1, value_kind::uniform_01,
                         value_kind::mixed_magnitudes}) {
        EXPECT_FALSE(exact_in_any_order(element_type::float32, kind(k), 2));
        EXPECT_FALSE(exact_in_any_order(element_type::float64, kind(k), 2));
    }
}

TEST(exact_data, random_data_sums_exactly_in_float_in_two_orders) {
    // The claim itself on real data: at n = 2^22 a sequential float sum, a pairwise float sum
    // and the exact integer sum agree.
    const std::uint64_t n = std::uint64_t{1} << 22;
    const auto d = make_host_data(element_type::float32, data_layout::flat, n, 7);
    ASSERT_TRUE(d.exact);
    const auto* v = reinterpret_cast<const float*>(d.buffers[0].data());
    float sequential = 0;
    long long whole = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        sequential += v[i];
        whole += static_cast<long long>(v[i]);
        ASSERT_EQ(v[i], std::trunc(v[i]));
        ASSERT_NE(v[i], 0.0F);
        ASSERT_LE(std::fabs(v[i]), 8.0F);
    }
    std::vector<float> level(v, v + n);
    while (level.size() > 1) {
        for (std::size_t i = 0; i < level.size() / 2; ++i) {
            level[i] = level[2 * i] + level[2 * i + 1];
        }
        level.resize(level.size() / 2);
    }
    EXPECT_EQ(static_cast<long double>(sequential), d.exact_sum[0]);
    EXPECT_EQ(static_cast<long double>(level[0]), d.exact_sum[0]);
    EXPECT_EQ(static_cast<long double>(whole), d.exact_sum[0]);
}

} // namespace
} // namespace grp
