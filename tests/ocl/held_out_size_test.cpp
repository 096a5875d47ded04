// The held-out size of the size honesty check (held_out_check.hpp): a pure function, tested
// here beside the check it serves (grp_ocl holds it).
#include "grp/run/launch/held_out_check.hpp"

#include <cstdint>
#include <gtest/gtest.h>
#include <set>

namespace grp::run {
namespace {

TEST(held_out_size, odd_below_n_and_at_least_half_of_it) {
    for (std::uint64_t n : {8ULL, 9ULL, 1000ULL, 100003ULL, 1ULL << 20, 1ULL << 28, 1ULL << 31}) {
        for (std::uint64_t local : {1ULL, 64ULL, 256ULL}) {
            for (std::uint64_t seed = 0; seed < 50; ++seed) {
                const auto m = held_out_size(n, seed);
                EXPECT_EQ(m % 2, 1U) << n << " " << local << " " << seed;
                EXPECT_LT(m, n);
                EXPECT_GE(m, n / 2);
                EXPECT_LE(n - m, 8193U); // near n: the same regime of the kernel
                if (local > 1) {
                    EXPECT_NE(m % local, 0U);
                }
            }
        }
    }
}

TEST(held_out_size, repeats_for_a_seed_and_moves_with_the_seed) {
    const std::uint64_t n = 1ULL << 20;
    EXPECT_EQ(held_out_size(n, 7), held_out_size(n, 7));
    std::set<std::uint64_t> seen;
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
        seen.insert(held_out_size(n, seed));
    }
    EXPECT_GT(seen.size(), 90U); // a kernel cannot learn the size from earlier invocations
}

TEST(held_out_size, none_for_tiny_inputs) {
    for (std::uint64_t n = 0; n < 8; ++n) {
        EXPECT_EQ(held_out_size(n, 1), 0U);
    }
}

} // namespace
} // namespace grp::run
