// Every built-in kernel of the flat suite (every device class's default kernels, whichever the
// test device is) x type x local size x awkward n on the OpenCL device the tests run on (PoCL in
// CI): each case either verifies exactly or is skipped for a stated reason. An independent host
// sum (not the runner's reference) double-checks the integer results.
#include "device_fixture.hpp"
#include "grp/model/host/host_data.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/run/interrupt.hpp"

#include <algorithm>
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

// Every safe built-in kernel that reads a flat array, by name (once per name). A kernel with a
// tuning space has its own test (tunable_test.cpp): its whole space at this matrix of types,
// local sizes and n would cost minutes on PoCL.
std::vector<std::string> flat_builtin_names() {
    std::vector<std::string> out;
    for (const auto& k : builtin_kernels()) {
        const bool flat =
            std::find(k.layouts.begin(), k.layouts.end(), data_layout::flat) != k.layouts.end();
        if (k.safe && flat && k.tuning.empty() &&
            std::find(out.begin(), out.end(), k.name) == out.end()) {
            out.push_back(k.name);
        }
    }
    return out;
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
// the device supports, unless it needs an extension the device lacks.
TEST_P(builtin_kernel, runs_at_local_size_64) {
    auto& f = device();
    const auto& have = f.session.info().extensions;
    for (const auto& k : resolve_kernels({GetParam()}, {})) {
        auto r = f.run(k, {0, element_type::float32, data_layout::flat, 4099, 64});
        const bool lacks = std::any_of(
            k.requires_extensions.begin(), k.requires_extensions.end(), [&](const std::string& e) {
                return std::find(have.begin(), have.end(), e) == have.end();
            });
        if (lacks) {
            EXPECT_EQ(r.status, case_status::skipped);
            EXPECT_NE(r.reason.find(k.requires_extensions.front()), std::string::npos) << r.reason;
            continue;
        }
        EXPECT_EQ(r.status, case_status::ok) << r.reason;
        EXPECT_FALSE(r.build_options.empty());
    }
}

INSTANTIATE_TEST_SUITE_P(suite, builtin_kernel, ::testing::ValuesIn(flat_builtin_names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

// The list is the catalog, not a copy of it: the kernels of both device classes are in it.
TEST(builtin_kernel_list, holds_the_ladder_and_both_device_classes_kernels) {
    const auto names = flat_builtin_names();
    for (const char* k :
         {"reduce0", "reduce5", "reduce6", "reduce_vec4", "reduce_chunk", "reduce_onepass"}) {
        EXPECT_NE(std::find(names.begin(), names.end(), k), names.end()) << k;
    }
}

// One launch at sizes where the groups outnumber the work-items of the last group, and where a
// single group does everything: the last group must still see every partial, whether partials
// move through atomics (reduce_onepass) or plain stores (reduce_single).
TEST(single_launch, sums_every_partial_at_every_grid) {
    auto& f = device();
    for (const auto& k : resolve_kernels({"reduce_onepass", "reduce_single"}, {})) {
        for (std::uint64_t local : {std::uint64_t{1}, std::uint64_t{4}, std::uint64_t{64}}) {
            for (std::uint64_t n : {3ULL, 64ULL, 65ULL, 100003ULL, 1ULL << 22}) {
                auto r = f.run(k, {0, element_type::int32, data_layout::flat, n, local});
                SCOPED_TRACE(r.key.to_string());
                ASSERT_EQ(r.status, case_status::ok) << r.reason;
                ASSERT_EQ(r.passes.size(), 1u);
                EXPECT_EQ(r.result.at(0),
                          static_cast<double>(independent_int_sum(element_type::int32, n)));
            }
        }
    }
}

// The tool's check of the "last_group" contract: a kernel that leaves its counter set is wrong,
// even though its sums are right.
TEST(single_launch, a_kernel_that_keeps_its_counter_is_reported_wrong) {
    auto& f = device();
    const auto ks = load_spec_file(std::string(GRP_TEST_DATA) + "/kernels/keeps_counter.json");
    ASSERT_EQ(ks.size(), 1u);
    auto r = f.run(ks[0], {0, element_type::float32, data_layout::flat, 1000, 1});
    EXPECT_EQ(r.status, case_status::wrong);
    EXPECT_NE(r.reason.find("counter at 4"), std::string::npos) << r.reason;
}

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
