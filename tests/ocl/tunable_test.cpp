// The built-in tunable kernel on the test device (PoCL in CI): every vector width, the extremes
// of unrolling and accumulators, every type, checked exactly against an independent host sum
// (integers) and by the runner's verification (all types), at awkward n (tails of n % VEC,
// fewer vectors than work-items, several passes). A representative subset of the 42
// configurations: each build costs PoCL about a second.
#include "device_fixture.hpp"
#include "grp/model/host/host_data.hpp"
#include "grp/model/spec/kernel_catalog.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

test_support::device_fixture& device() {
    static test_support::device_fixture f{11, value_kind::random};
    return f;
}

long long independent_int_sum(element_type t, std::uint64_t n) {
    long long s = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        s += static_cast<long long>(generated_value(t, 11, i, value_kind::random));
    }
    return t == element_type::int32 ? static_cast<std::int32_t>(static_cast<std::uint32_t>(s))
                                    : static_cast<long long>(static_cast<std::uint32_t>(s));
}

// Per vector width the configuration with the most unrolling and accumulators, plus the
// plainest one (VEC=UNROLL=ACC=1).
std::vector<kernel_spec> representative_configs() {
    std::map<std::int64_t, kernel_spec> widest;
    std::vector<kernel_spec> out;
    for (const auto& k : instantiate_kernels(resolve_kernels({"tunable"}, {}))) {
        if (out.empty()) {
            out.push_back(k); // the first configuration: all ones
        }
        widest[k.config.at("VEC")] = k; // the last of each VEC: largest UNROLL and ACC
    }
    for (auto& [vec, k] : widest) {
        out.push_back(k);
    }
    return out;
}

TEST(tunable, representative_configurations_verify_exactly_for_every_type) {
    auto& f = device();
    const auto configs = representative_configs();
    ASSERT_EQ(configs.size(), 6u);
    for (const auto& k : configs) {
        for (auto t : {element_type::int32, element_type::float32}) {
            for (std::uint64_t n : {1ULL, 33ULL, 100003ULL}) {
                auto r = f.run(k, {0, t, data_layout::flat, n, 8});
                SCOPED_TRACE(r.key.to_string());
                ASSERT_EQ(r.status, case_status::ok) << r.reason;
                EXPECT_EQ(r.key.params.at("VEC"), std::to_string(k.config.at("VEC")));
                if (!is_floating(t)) {
                    EXPECT_EQ(r.result.at(0), static_cast<double>(independent_int_sum(t, n)));
                }
            }
        }
    }
}

} // namespace
} // namespace grp
