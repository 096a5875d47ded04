// The vec3 layout kernels: every kernel x layout x awkward n, with integer-valued floats so
// the three sums are exact, and the device's view of the record sizes.
#include "device_fixture.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/launch/layout_check.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

test_support::device_fixture& device() {
    static test_support::device_fixture f{11, value_kind::integer_valued};
    return f;
}

TEST(layouts, device_agrees_on_record_sizes) {
    auto j = run::check_layout_sizes(device().session);
    EXPECT_EQ(j["device"]["aos12_size"], 12);
    EXPECT_EQ(j["device"]["aos16_size"], 16);
    EXPECT_EQ(j["device"]["float3_size"], 16); // why aos12 cannot be stored as float3
}

TEST(layouts, every_kernel_layout_and_awkward_n_is_exact) {
    auto& f = device();
    const std::vector<data_layout> layouts = {data_layout::aos12, data_layout::aos16,
                                              data_layout::soa};
    int ran = 0;
    for (const auto& k : resolve_kernels({"vec3_*"}, layouts)) {
        for (auto l : k.layouts) {
            for (std::uint64_t n : {0ULL, 1ULL, 7919ULL, 1ULL << 20}) {
                for (std::uint64_t local : {2ULL, 64ULL, 256ULL}) {
                    auto r = f.run(k, {0, element_type::float32, l, n, local});
                    SCOPED_TRACE(r.key.to_string());
                    ASSERT_EQ(r.status, case_status::ok) << r.reason;
                    ASSERT_EQ(r.result.size(), 3u);
                    for (std::size_t c = 0; c < 3; ++c) {
                        EXPECT_EQ(r.result[c], r.reference[c]); // integer-valued: exact
                    }
                    EXPECT_EQ(r.bytes, n * (l == data_layout::aos16 ? 16 : 12));
                    ++ran;
                }
            }
        }
    }
    EXPECT_EQ(ran, 8 * 4 * 3); // 8 kernel entries (3 + 1 tree, 3 + 1 grid)
}

TEST(layouts, undeclared_layout_is_skipped_with_reason) {
    auto& f = device();
    auto ks = resolve_kernels({"vec3_tree_float4"}, {data_layout::soa});
    ASSERT_EQ(ks.size(), 1u);
    auto r = f.run(ks[0], {0, element_type::float32, data_layout::soa, 100, 64});
    EXPECT_EQ(r.status, case_status::skipped);
    EXPECT_EQ(r.reason, "kernel does not declare layout soa");
}

} // namespace
} // namespace grp
