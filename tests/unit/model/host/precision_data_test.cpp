#include "grp/model/host/precision_data.hpp"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

namespace grp {
namespace {

// Component c's values in record order, as the device's fill writes them.
std::vector<long double> values(const precision_plan& p, std::uint32_t c) {
    std::vector<long double> out;
    for (std::uint64_t r = 0; r < p.n; ++r) {
        out.push_back(
            std::ldexp(static_cast<long double>(precision_significand(p, r, c)), -p.value_bits));
    }
    return out;
}

template <typename T> T sequential(const std::vector<long double>& v) {
    T acc = 0;
    for (auto x : v) {
        acc += static_cast<T>(x);
    }
    return acc;
}

TEST(precision_data, values_carry_more_bits_than_any_narrower_type_at_every_size) {
    for (int e = 0; e <= 40; ++e) {
        const auto n = std::uint64_t{1} << e;
        const auto f = plan_precision(element_type::float32, n, 1);
        const auto d = plan_precision(element_type::float64, n, 1);
        // float's values beat half and tf32 (11 bits) and bfloat16 (8); double's beat float.
        EXPECT_GE(f.value_bits, 12) << e;
        EXPECT_GE(d.value_bits, 41) << e;
        // and leave the partial sums room in the declared significand
        EXPECT_LE(f.value_bits + f.partial_sum_bits, 24) << e;
        EXPECT_LE(d.value_bits + d.partial_sum_bits, 53) << e;
    }
}

TEST(precision_data, one_nonzero_record_per_block_below_n) {
    const auto p = plan_precision(element_type::float32, 1000003, 7);
    std::uint64_t nonzero = 0, last_block = ~std::uint64_t{0};
    for (std::uint64_t r = 0; r < p.n + 100; ++r) {
        const auto m = precision_significand(p, r, 0);
        if (m == 0) {
            continue;
        }
        ASSERT_LT(r, p.n);
        EXPECT_NE(r / p.block, last_block) << "two nonzeros in block " << r / p.block;
        last_block = r / p.block;
        const auto mag = static_cast<std::uint64_t>(m < 0 ? -m : m);
        EXPECT_GE(mag, std::uint64_t{1} << (p.value_bits - 1));
        EXPECT_LT(mag, std::uint64_t{1} << p.value_bits);
        ++nonzero;
    }
    EXPECT_EQ(nonzero, (p.n + p.block - 1) / p.block);
    EXPECT_LE(nonzero, precision_nonzero_records);
}

TEST(precision_data, honest_sums_in_the_declared_type_are_exact_in_any_order) {
    for (auto n : {std::uint64_t{1}, std::uint64_t{1000}, std::uint64_t{1} << 20}) {
        const auto pf = plan_precision(element_type::float32, n, 3);
        const auto vf = values(pf, 0);
        const auto exact_f = exact_precision_sums(pf, 1).sum[0];
        EXPECT_EQ(static_cast<long double>(sequential<float>(vf)), exact_f) << n;
        EXPECT_EQ(static_cast<long double>(
                      sequential<float>(std::vector<long double>(vf.rbegin(), vf.rend()))),
                  exact_f)
            << n;
        const auto pd = plan_precision(element_type::float64, n, 3);
        const auto vd = values(pd, 0);
        EXPECT_EQ(static_cast<long double>(sequential<double>(vd)),
                  exact_precision_sums(pd, 1).sum[0])
            << n;
    }
}

TEST(precision_data, a_float_accumulator_is_off_for_double_data_and_bf16_for_float) {
    const auto pd = plan_precision(element_type::float64, std::uint64_t{1} << 12, 5);
    const auto exact_d = exact_precision_sums(pd, 1).sum[0];
    const double float_err =
        static_cast<double>(std::fabs(sequential<float>(values(pd, 0)) - exact_d));
    EXPECT_GT(float_err, 0);
    const auto bits = effective_bits(pd, 0, float_err);
    ASSERT_TRUE(bits.has_value());
    EXPECT_GE(*bits, 20); // a float chain reads like a float tree, within a few bits
    EXPECT_LE(*bits, 28);

    const auto pf = plan_precision(element_type::float32, std::uint64_t{1} << 12, 5);
    long double acc = 0; // a bfloat16 accumulator: every addition rounded to 8 bits
    for (auto x : values(pf, 0)) {
        acc = round_to_bits(acc + round_to_bits(x, 8), 8);
    }
    const double bf_err = static_cast<double>(std::fabs(acc - exact_precision_sums(pf, 1).sum[0]));
    EXPECT_GT(bf_err, 0);
    const auto bf_bits = effective_bits(pf, 0, bf_err);
    ASSERT_TRUE(bf_bits.has_value());
    EXPECT_LE(*bf_bits, 12);
}

TEST(precision_data, exact_results_have_no_effective_bits) {
    const auto p = plan_precision(element_type::float32, 4096, 1);
    EXPECT_FALSE(effective_bits(p, 0, 0).has_value());
    EXPECT_FALSE(effective_bits(p, 0, std::nan("")).has_value());
}

TEST(precision_data, rounds_to_nearest_even) {
    EXPECT_EQ(round_to_bits(1.0L + std::ldexp(1.0L, -12), 8), 1.0L);
    EXPECT_EQ(round_to_bits(1.0L + std::ldexp(3.0L, -8), 8), 1.0L + std::ldexp(1.0L, -6));
    EXPECT_EQ(round_to_bits(-0.75L, 1), -1.0L);
    EXPECT_EQ(round_to_bits(0.0L, 8), 0.0L);
}

TEST(precision_data, refuses_integer_types_and_empty_inputs) {
    EXPECT_THROW(plan_precision(element_type::int32, 10, 1), std::invalid_argument);
    EXPECT_THROW(plan_precision(element_type::float32, 0, 1), std::invalid_argument);
}

} // namespace
} // namespace grp
