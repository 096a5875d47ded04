// Every built-in kernel x type x local size x awkward n on the OpenCL device the tests run on
// (PoCL in CI): each case either verifies exactly or is skipped for a stated reason. An
// independent host sum (not the runner's reference) double-checks the integer results.
#include "device_fixture.hpp"
#include "grp/model/host_data.hpp"
#include "grp/model/kernel_catalog.hpp"
#include "grp/run/interrupt.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

test_support::device_fixture& device() {
    static test_support::device_fixture f{7, value_kind::random};
    return f;
}

long long independent_int_sum(element_type t, std::uint64_t n) {
    long long s = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        s += static_cast<long long>(generated_value(t, 7, i, value_kind::random));
    }
    return t == element_type::int32 ? static_cast<std::int32_t>(static_cast<std::uint32_t>(s))
                                    : static_cast<long long>(static_cast<std::uint32_t>(s));
}

class builtin_kernel : public ::testing::TestWithParam<std::string> {};

TEST_P(builtin_kernel, every_type_local_size_and_awkward_n_verifies_or_skips_with_reason) {
    auto& f = device();
    const auto max_wg = f.session.info().max_work_group_size.value_or(256);
    for (const auto& k : resolve_kernels({GetParam()}, {})) {
        for (auto t : all_element_types()) {
            for (std::uint64_t local : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{64},
                                        std::uint64_t{256}, max_wg}) {
                for (std::uint64_t n : {0ULL, 1ULL, 2ULL, 31ULL, 4099ULL, 1000003ULL}) {
                    auto r = f.run(k, {0, t, data_layout::flat, n, local});
                    SCOPED_TRACE(r.key.to_string());
                    if (r.status == case_status::skipped) {
                        EXPECT_FALSE(r.reason.empty());
                        continue;
                    }
                    ASSERT_EQ(r.status, case_status::ok) << r.reason;
                    ASSERT_EQ(r.result.size(), 1u);
                    if (!is_floating(t)) {
                        EXPECT_EQ(r.result[0], static_cast<double>(independent_int_sum(t, n)));
                    }
                    EXPECT_EQ(r.samples_ns.size(), 1u);
                }
            }
        }
    }
}

// Skips are the exception, not the rule: at local size 64 every safe kernel runs every type
// the device supports.
TEST_P(builtin_kernel, runs_at_local_size_64) {
    auto& f = device();
    for (const auto& k : resolve_kernels({GetParam()}, {})) {
        auto r = f.run(k, {0, element_type::float32, data_layout::flat, 4099, 64});
        EXPECT_EQ(r.status, case_status::ok) << r.reason;
        EXPECT_FALSE(r.build_options.empty());
    }
}

INSTANTIATE_TEST_SUITE_P(suite, builtin_kernel,
                         ::testing::Values("reduce0", "reduce1", "reduce2", "reduce3", "reduce4",
                                           "reduce5", "reduce6", "reduce_vec4"));

// The lock-step kernel is unsafe by design: whatever it returns, the verifier's verdict must
// agree with an independent comparison, so a wrong answer is reported, never hidden.
TEST(unsafe_kernel, verdict_matches_the_value) {
    auto& f = device();
    for (const auto& k : resolve_kernels({"reduce4_lockstep"}, {})) {
        EXPECT_FALSE(k.safe);
        EXPECT_FALSE(k.in_default_sweep);
        auto r = f.run(k, {0, element_type::int32, data_layout::flat, 100000, 256});
        ASSERT_TRUE(r.status == case_status::ok || r.status == case_status::wrong) << r.reason;
        bool equal =
            r.result.at(0) == static_cast<double>(independent_int_sum(element_type::int32, 100000));
        EXPECT_EQ(equal, r.status == case_status::ok);
    }
}

} // namespace
} // namespace grp
