#include "grp/core/error.hpp"
#include "grp/model/plan/device_select.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

std::vector<device_info> two_platforms() {
    std::vector<device_info> v(3);
    v[0] = {};
    v[0].index = 0;
    v[0].platform_index = 0;
    v[0].device_index = 0;
    v[0].name = "pthread-skylake";
    v[0].platform_name = "Portable Computing Language";
    v[0].type = "cpu";
    v[1].index = 1;
    v[1].platform_index = 1;
    v[1].device_index = 0;
    v[1].name = "NVIDIA H100 80GB HBM3";
    v[1].platform_name = "NVIDIA CUDA";
    v[1].type = "gpu";
    v[2].index = 2;
    v[2].platform_index = 1;
    v[2].device_index = 1;
    v[2].name = "NVIDIA H100 80GB HBM3";
    v[2].platform_name = "NVIDIA CUDA";
    v[2].type = "gpu";
    return v;
}

TEST(device_select, parses_each_form) {
    EXPECT_EQ(parse_device_selector("default").what, device_selector::kind::default_device);
    EXPECT_THROW(parse_device_selector(""), usage_error); // an unset variable, not "default"
    EXPECT_EQ(parse_device_selector("ALL").what, device_selector::kind::all);
    auto flat = parse_device_selector("2");
    EXPECT_EQ(flat.what, device_selector::kind::flat_index);
    EXPECT_EQ(flat.index, 2);
    auto pd = parse_device_selector("1:0");
    EXPECT_EQ(pd.what, device_selector::kind::platform_device);
    EXPECT_EQ(pd.index, 1);
    EXPECT_EQ(pd.device, 0);
    EXPECT_EQ(parse_device_selector("nvidia").what, device_selector::kind::name_substring);
}

TEST(device_select, rejects_malformed) {
    EXPECT_THROW(parse_device_selector("1:x"), usage_error);
    EXPECT_THROW(parse_device_selector(":0"), usage_error);
    EXPECT_THROW(parse_device_selector("-1"), usage_error);
}

TEST(device_select, default_prefers_first_gpu) {
    auto got = select_devices({}, two_platforms());
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].index, 1);
}

TEST(device_select, default_falls_back_to_first_device) {
    auto devs = two_platforms();
    devs.resize(1);
    auto got = select_devices({}, devs);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].index, 0);
}

TEST(device_select, name_is_case_insensitive_and_matches_platform) {
    auto got = select_devices({parse_device_selector("h100")}, two_platforms());
    EXPECT_EQ(got.size(), 2u);
    got = select_devices({parse_device_selector("portable")}, two_platforms());
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].index, 0);
}

TEST(device_select, platform_device_and_flat_index) {
    auto got = select_devices({parse_device_selector("1:1")}, two_platforms());
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].index, 2);
    got = select_devices({parse_device_selector("0"), parse_device_selector("2")}, two_platforms());
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[1].index, 2);
}

TEST(device_select, duplicates_are_dropped_and_order_kept) {
    auto got =
        select_devices({parse_device_selector("2"), parse_device_selector("all")}, two_platforms());
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0].index, 2);
    EXPECT_EQ(got[1].index, 0);
}

TEST(device_select, no_match_lists_devices) {
    try {
        select_devices({parse_device_selector("amd")}, two_platforms());
        FAIL() << "expected usage_error";
    } catch (const usage_error& e) {
        std::string msg = e.what();
        EXPECT_NE(msg.find("matches no device"), std::string::npos);
        EXPECT_NE(msg.find("[1:1]  NVIDIA H100"), std::string::npos);
    }
}

} // namespace
} // namespace grp

namespace grp {
namespace {

std::vector<device_info> gpus(int n) {
    std::vector<device_info> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        v[static_cast<std::size_t>(i)].index = i;
        v[static_cast<std::size_t>(i)].type = "gpu";
    }
    return v;
}

TEST(DevicesParallel, ParsesItsThreeValues) {
    EXPECT_EQ(parse_devices_parallel("auto"), devices_parallel::automatic);
    EXPECT_EQ(parse_devices_parallel("on"), devices_parallel::on);
    EXPECT_EQ(parse_devices_parallel("off"), devices_parallel::off);
    EXPECT_THROW(parse_devices_parallel("yes"), usage_error);
}

TEST(DevicesParallel, OnlySelectionsThatMayNameSeveralDevicesListThem) {
    EXPECT_FALSE(may_select_several({}));
    EXPECT_FALSE(may_select_several({parse_device_selector("0")}));
    EXPECT_FALSE(may_select_several({parse_device_selector("1:0")}));
    EXPECT_TRUE(may_select_several({parse_device_selector("all")}));
    EXPECT_TRUE(may_select_several({parse_device_selector("nvidia")}));
    EXPECT_TRUE(may_select_several({parse_device_selector("0"), parse_device_selector("1")}));
}

TEST(DevicesParallel, OneDeviceNeverOffNeverOnAlways) {
    for (auto mode : {devices_parallel::automatic, devices_parallel::on, devices_parallel::off}) {
        EXPECT_FALSE(measure_in_parallel(mode, gpus(1)));
    }
    EXPECT_FALSE(measure_in_parallel(devices_parallel::off, gpus(8)));
    EXPECT_TRUE(measure_in_parallel(devices_parallel::on, gpus(2)));
    EXPECT_TRUE(measure_in_parallel(devices_parallel::automatic, gpus(8)));
}

TEST(DevicesParallel, AutoKeepsACpuDeviceSequential) {
    auto mixed = gpus(2);
    mixed[1].type = "cpu";
    EXPECT_FALSE(measure_in_parallel(devices_parallel::automatic, mixed));
    EXPECT_TRUE(measure_in_parallel(devices_parallel::on, mixed));
    EXPECT_FALSE(measure_in_parallel(devices_parallel::automatic, two_platforms()));
}

} // namespace
} // namespace grp
