// input_store::prefetch: the values made ahead (while the kernels build) are the input
// require() uploads for that key, and never another key's.
#include "grp/ocl/enumerate.hpp"
#include "grp/run/launch/input_store.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(input_prefetch, serves_its_own_input_and_no_other) {
    ocl::session s{ocl::select({}).front()};
    phase_times times;
    run::phase_clock phases(times);
    const run::input_key small{element_type::float32, data_layout::flat, 1000};
    const run::input_key large{element_type::float32, data_layout::flat, 5000};
    const auto expected = [](const run::input_key& k) {
        return make_host_data(k.type, k.layout, k.n, 7, value_kind::random).exact_sum;
    };
    run::input_store inputs(s, 7, data_choice{}, phases);
    inputs.prefetch(small);
    // Another input first: made afresh, not the prefetched one.
    EXPECT_EQ(inputs.require(large, large.n).exact_sum, expected(large));
    EXPECT_EQ(inputs.require(small, small.n).exact_sum, expected(small));
    run::input_store again(s, 7, data_choice{}, phases);
    again.prefetch(large);
    EXPECT_EQ(again.require(large, large.n).exact_sum, expected(large));
    EXPECT_EQ(times.seconds.count("data"), 1U);
}

} // namespace
} // namespace grp
