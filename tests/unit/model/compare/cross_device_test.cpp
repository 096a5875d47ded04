// Tests of the cross-device table (cross_device.hpp) and of the gate around it: each kernel's
// best on each side where the devices differ or no case is in common, and timing never gated
// there (never PASS, exit 8 through judged_nothing).
#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/cross_device.hpp"
#include "grp/model/profile/io.hpp"

#include <gtest/gtest.h>
#include <set>

namespace grp {
namespace {

profile fixture(const std::string& name) {
    return load_profile(std::string(GRP_TEST_DATA) + "/compare/" + name + ".json");
}

TEST(cross_device, another_device_model_gets_each_kernels_best_and_is_not_gated) {
    const auto c = compare_profiles(fixture("base"), fixture("other_device"), {}, "base", "other");
    ASSERT_EQ(c.cross_devices.size(), 6u); // reduce0, 3, 6 in int and float
    for (const auto& r : c.cross_devices) {
        EXPECT_EQ(r.base.device, "Test GPU A");
        EXPECT_EQ(r.cand.device, "Test GPU B");
        EXPECT_EQ(r.base.configurations, 1u);
        EXPECT_GT(r.gbps_ratio(), 0.3);
        EXPECT_LT(r.gbps_ratio(), 0.6); // device B takes about twice the time
    }
    EXPECT_EQ(c.timing_cases(), 6u);
    EXPECT_EQ(c.timing_judged(), 0u); // raw times of another device model: read, not gated
    EXPECT_TRUE(c.timing_not_gated());
    EXPECT_TRUE(c.judged_nothing());
    EXPECT_FALSE(c.failed());
}

TEST(cross_device, normalized_to_peak_is_gated_as_before) {
    compare_options opt;
    parse_normalize("peak", opt);
    opt.one_run_gates = true; // single-run fixtures: gated on their rounds
    const auto c = compare_profiles(fixture("base"), fixture("other_device"), opt, "base", "o");
    EXPECT_EQ(c.timing_judged(), 6u);
    EXPECT_FALSE(c.timing_not_gated());
    EXPECT_TRUE(c.failed());
}

TEST(cross_device, the_same_device_gets_no_table) {
    compare_options opt;
    opt.one_run_gates = true; // single-run fixtures: gated on their rounds
    const auto c = compare_profiles(fixture("base"), fixture("identical"), opt, "base", "same");
    EXPECT_TRUE(c.cross_devices.empty());
    EXPECT_FALSE(c.timing_not_gated());
    // No case in common and no kernel in common: nothing to put in the table.
    const auto d = compare_profiles(fixture("base"), fixture("disjoint"), {}, "base", "disjoint");
    EXPECT_TRUE(d.cross_devices.empty());
}

// The default sweeps of an H100 (n = 2^27, local 64 and 256) and of PoCL (n = 2^25, its own
// local sizes) share no case: every shared kernel still gets both devices' best.
TEST(cross_device, default_profiles_of_two_device_classes_share_every_kernel) {
    const auto h100 = fixture("cross/h100_default");
    const auto pocl = fixture("cross/pocl_default");
    const auto c = compare_profiles(h100, pocl, {}, "h100", "pocl");
    EXPECT_EQ(c.common, 0u);
    std::set<std::string> h100_kernels, pocl_kernels, rows;
    for (const auto& k : h100.cases) {
        h100_kernels.insert(k.key.kernel);
    }
    for (const auto& k : pocl.cases) {
        pocl_kernels.insert(k.key.kernel);
    }
    for (const auto& r : c.cross_devices) {
        rows.insert(r.kernel);
        EXPECT_GT(r.base.gbps, r.cand.gbps) << r.kernel;
        EXPECT_EQ(r.base.key.kernel, r.kernel);
        ASSERT_TRUE(r.base.pct_of_peak && r.cand.pct_of_peak) << r.kernel;
    }
    std::set<std::string> shared;
    for (const auto& k : h100_kernels) {
        if (pocl_kernels.count(k) != 0) {
            shared.insert(k);
        }
    }
    EXPECT_FALSE(shared.empty());
    EXPECT_EQ(rows, shared);
    EXPECT_TRUE(c.timing_not_gated());
    EXPECT_TRUE(c.judged_nothing());
}

// One device, two sweeps that share kernels but no size: the table still stands in.
TEST(cross_device, the_same_device_at_other_sizes_gets_the_table) {
    const auto base = fixture("base");
    auto other = base;
    for (auto& c : other.cases) {
        c.key.n *= 2;
    }
    const auto c = compare_profiles(base, other, {}, "base", "bigger");
    EXPECT_EQ(c.common, 0u);
    EXPECT_EQ(c.cross_devices.size(), 6u);
    EXPECT_TRUE(c.timing_not_gated());
}

TEST(cross_device, configuration_text_names_what_won) {
    case_key k = make_case_key("reduce6", "float", "flat", 1u << 27, 256);
    EXPECT_EQ(configuration_text(k), "local 256, n=2^27");
    k.params["UNROLL"] = "8";
    k.cache = "cold";
    EXPECT_EQ(configuration_text(k), "local 256, n=2^27, UNROLL=8, cold");
}

TEST(cross_device, driver_and_os_warnings_only_where_a_case_is_timed_on_one_device_model) {
    // "driver differs: ...; a change may come from it rather than from the kernels" stood beside
    // a comparison of two devices, where no change is read from a time (#50).
    auto has_warning = [](const comparison& c, const std::string& what) {
        for (const auto& w : c.warnings) {
            if (w.rfind(what + " differs: ", 0) == 0) {
                return true;
            }
        }
        return false;
    };
    const auto across = compare_profiles(fixture("base"), fixture("other_device"), {}, "b", "o");
    EXPECT_FALSE(has_warning(across, "driver"));
    auto same_device = fixture("base");
    same_device.devices[0].info.driver_version = "9.9 (an update)";
    const auto updated = compare_profiles(fixture("base"), same_device, {}, "b", "u");
    EXPECT_TRUE(has_warning(updated, "driver"));
}

} // namespace
} // namespace grp
