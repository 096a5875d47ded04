// The host baseline: the host sums the same values the device gets, in the element type (ints
// wrap like the device's), by one loop and by one chunk per thread, and records its timings.
#include "grp/model/host/host_baseline.hpp"
#include "grp/model/scenario/precision.hpp"

#include <cstring>
#include <gtest/gtest.h>

namespace grp {
namespace {

std::vector<float> floats_of(const host_data& d) {
    std::vector<float> v(d.n);
    std::memcpy(v.data(), d.buffers[0].data(), v.size() * sizeof(float));
    return v;
}

TEST(host_baseline, int_sums_equal_the_exact_sum) {
    const auto d = make_host_data(element_type::int32, data_layout::flat, 100003, 7);
    const double exact = static_cast<double>(d.exact_sum[0]); // small: no wrap-around here
    EXPECT_EQ(host_sum_sequential(d), exact);
    EXPECT_EQ(host_sum_threads(d, 1), exact);
    EXPECT_EQ(host_sum_threads(d, 3), exact);
    EXPECT_EQ(host_sum_threads(d, 64), exact);
}

TEST(host_baseline, int_sums_wrap_modulo_2_32_like_the_device) {
    data_choice big;
    big.kind = value_kind::constant;
    big.constant = 2147483647; // INT_MAX: three of them wrap to 2147483645
    const auto d = make_host_data(element_type::int32, data_layout::flat, 3, 1, big);
    EXPECT_EQ(host_sum_sequential(d), 2147483645.0);
    EXPECT_EQ(host_sum_threads(d, 2), 2147483645.0);
    big.constant = 4294967295.0; // UINT_MAX as uint: 3 x (2^32 - 1) mod 2^32 = 2^32 - 3
    const auto u = make_host_data(element_type::uint32, data_layout::flat, 3, 1, big);
    EXPECT_EQ(host_sum_sequential(u), 4294967293.0);
}

TEST(host_baseline, float_sequential_is_the_plain_float_loop) {
    const auto d = make_host_data(element_type::float32, data_layout::flat, 1u << 20, 3,
                                  value_kind::constant_1_1);
    // The precision scenario's famous value: one float accumulator, left to right.
    EXPECT_EQ(host_sum_sequential(d), 1165568.5);
    EXPECT_EQ(host_sum_sequential(d), sum_sequential_float(floats_of(d)));
    // One thread is the same loop; two chunks of 2^19 each end at their own rounding.
    EXPECT_EQ(host_sum_threads(d, 1), 1165568.5);
    const std::vector<float> half(1u << 19, 1.1f);
    const float chunk = sum_sequential_float(half);
    EXPECT_EQ(host_sum_threads(d, 2), static_cast<double>(chunk + chunk));
}

TEST(host_baseline, empty_input_sums_to_zero) {
    const auto d = make_host_data(element_type::float64, data_layout::flat, 0, 1);
    EXPECT_EQ(host_sum_sequential(d), 0.0);
    EXPECT_EQ(host_sum_threads(d, 4), 0.0);
}

TEST(host_baseline, timing_records_every_repeat_and_a_positive_median) {
    const auto d = make_host_data(element_type::int32, data_layout::flat, 1u << 16, 1);
    host_baseline_options o;
    o.repeats = 4;
    o.warmup = 2;
    o.threads = 3;
    o.budget_s = 0; // every repeat, however long
    const auto b = time_host_sum(d, "random (seed 1)", o);
    EXPECT_EQ(b.type, "int");
    EXPECT_EQ(b.layout, "flat");
    EXPECT_EQ(b.n, 1u << 16);
    EXPECT_EQ(b.bytes, 4u << 16);
    EXPECT_EQ(b.warmup, 2u);
    EXPECT_EQ(b.data, "random (seed 1)");
    ASSERT_EQ(b.methods.size(), 2u);
    const auto* seq = b.find("sequential");
    const auto* thr = b.find("threads");
    ASSERT_NE(seq, nullptr);
    ASSERT_NE(thr, nullptr);
    EXPECT_EQ(b.find("simd"), nullptr);
    EXPECT_EQ(seq->threads, 1u);
    EXPECT_EQ(thr->threads, 3u);
    for (const auto* m : {seq, thr}) {
        EXPECT_EQ(m->samples_ns.size(), 4u);
        ASSERT_TRUE(m->median_ns.has_value());
        EXPECT_GT(*m->median_ns, 0.0);
        EXPECT_EQ(m->result, static_cast<double>(d.exact_sum[0]));
    }
}

TEST(host_baseline, a_spent_budget_stops_the_repeats_after_one_timed_sum) {
    const auto d = make_host_data(element_type::float32, data_layout::flat, 1u << 12, 1);
    host_baseline_options o;
    o.repeats = 5;
    o.threads = 2;
    o.budget_s = 1e-12; // spent by the first timed sum
    const auto b = time_host_sum(d, "x", o);
    for (const auto& m : b.methods) {
        EXPECT_EQ(m.samples_ns.size(), 1u) << m.method;
        EXPECT_TRUE(m.median_ns.has_value());
    }
}

TEST(host_baseline, default_thread_count_is_the_hardware_s) {
    const auto d = make_host_data(element_type::uint32, data_layout::flat, 1000, 1);
    host_baseline_options o;
    o.repeats = 1;
    o.warmup = 0;
    const auto b = time_host_sum(d, "x", o);
    EXPECT_GE(b.find("threads")->threads, 1u);
    EXPECT_EQ(b.find("threads")->result, static_cast<double>(d.exact_sum[0]));
}

} // namespace
} // namespace grp
