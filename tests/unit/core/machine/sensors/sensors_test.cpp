// The sensor backends without their hardware: NVML missing, a fabricated sysfs tree for a Linux
// CPU (clocks, a RAPL counter that wraps, hwmon, throttle counters), and the choice per device.
#include "grp/core/machine/sensors/linux_cpu.hpp"
#include "grp/core/machine/sensors/nvml.hpp"
#include "grp/core/machine/sensors/open.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace grp {
namespace {

namespace fs = std::filesystem;

TEST(nvml, a_missing_library_is_no_sensor_with_the_reason) {
    const auto h = open_nvml(std::string("0000:19:00.0"), std::nullopt, "libgrp-no-such-nvml.so.1");
    EXPECT_FALSE(h.source);
    EXPECT_EQ(h.description.backend, "none");
    ASSERT_EQ(h.description.lacking.size(), 1U);
    EXPECT_NE(h.description.lacking[0].find("libgrp-no-such-nvml.so.1 could not be loaded"),
              std::string::npos);
}

TEST(nvml, bus_ids_and_uuids_in_nvmls_spelling) {
    EXPECT_EQ(nvml_bus_id("0000:19:00.0"), "00000000:19:00.0");
    EXPECT_EQ(nvml_bus_id("0001:af:1f.7"), "00000001:af:1f.7");
    EXPECT_FALSE(nvml_bus_id("19:00.0"));
    EXPECT_FALSE(nvml_bus_id("0000:19:00.0:1"));
    EXPECT_EQ(uuid_digits("GPU-2F8A1B2C-0000-1111-2222-333344445555"),
              "2f8a1b2c000011112222333344445555");
    EXPECT_EQ(uuid_digits("2f8a1b2c000011112222333344445555"), "2f8a1b2c000011112222333344445555");
}

class linux_sysfs : public ::testing::Test {
protected:
    void SetUp() override {
        root = fs::temp_directory_path() /
               ("grp-sysfs-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root);
    }
    void TearDown() override { fs::remove_all(root); }
    void put(const std::string& path, const std::string& value) const {
        fs::create_directories((root / path).parent_path());
        std::ofstream(root / path) << value << "\n";
    }
    void cpu_tree() const {
        put("devices/system/cpu/cpu0/cpufreq/scaling_cur_freq", "2400000");
        put("devices/system/cpu/cpu1/cpufreq/scaling_cur_freq", "2600000");
        put("devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "3500000");
        put("devices/system/cpu/cpu0/thermal_throttle/core_throttle_count", "3");
        put("class/powercap/intel-rapl:0/energy_uj", "262143000000");
        put("class/powercap/intel-rapl:0/max_energy_range_uj", "262143328850");
        put("class/powercap/intel-rapl:0:0/energy_uj", "5"); // a subzone: not counted again
        put("class/hwmon/hwmon3/name", "coretemp");
        put("class/hwmon/hwmon3/temp1_input", "48000");
        put("class/hwmon/hwmon3/temp2_input", "51500");
        put("class/hwmon/hwmon0/name", "nvme");
        put("class/hwmon/hwmon0/temp1_input", "70000");
    }
    fs::path root;
};

TEST_F(linux_sysfs, reads_clocks_temperature_and_a_wrapping_energy_counter) {
    cpu_tree();
    const auto h = open_linux_cpu(root.string());
    ASSERT_TRUE(h.source);
    EXPECT_EQ(h.description.backend, "linux");
    EXPECT_EQ(h.description.found,
              (std::vector<std::string>{"clock", "reasons", "energy", "temperature"}));
    EXPECT_DOUBLE_EQ(*h.description.max_clock_mhz, 3500);
    auto r = h.source->read();
    EXPECT_DOUBLE_EQ(*r.clock_mhz, 2500);     // the cores' mean
    EXPECT_DOUBLE_EQ(*r.temperature_c, 51.5); // the CPU monitor's highest, not the disk's
    EXPECT_EQ(*r.energy_uj, 0U);              // since open
    put("class/powercap/intel-rapl:0/energy_uj", "1000000"); // went round its range
    put("devices/system/cpu/cpu0/thermal_throttle/core_throttle_count", "4");
    r = h.source->read();
    EXPECT_EQ(*r.energy_uj, 262143328850U - 262143000000U + 1000000U);
    EXPECT_EQ(r.reasons, static_cast<std::uint32_t>(clock_reason_cpu_thermal));
    r = h.source->read();
    EXPECT_EQ(r.reasons, 0U); // the counter did not move again
}

TEST_F(linux_sysfs, a_tree_without_sensors_says_what_it_lacks) {
    fs::create_directories(root);
    const auto h = open_linux_cpu(root.string());
    EXPECT_FALSE(h.source);
    EXPECT_EQ(h.description.backend, "none");
    ASSERT_EQ(h.description.lacking.size(), 4U);
    EXPECT_NE(h.description.lacking[0].find("clock: no cpufreq"), std::string::npos);
    EXPECT_NE(h.description.lacking[1].find("energy: no RAPL counter"), std::string::npos);
}

TEST_F(linux_sysfs, the_device_type_chooses_the_backend) {
    cpu_tree();
    device_info cpu;
    cpu.type = "cpu";
    sensor_settings s;
    s.sysfs = root.string();
    s.nvml = "libgrp-no-such-nvml.so.1";
    EXPECT_EQ(open_sensors(cpu, s).description.backend, "linux");
    device_info nvidia;
    nvidia.type = "gpu";
    nvidia.vendor = "NVIDIA Corporation";
    EXPECT_NE(open_sensors(nvidia, s).description.lacking.at(0).find("libgrp-no-such-nvml"),
              std::string::npos);
    device_info amd;
    amd.type = "gpu";
    amd.vendor = "Advanced Micro Devices, Inc.";
    const auto none = open_sensors(amd, s).description;
    EXPECT_EQ(none.backend, "none");
    EXPECT_NE(none.lacking.at(0).find("no backend for a gpu device"), std::string::npos);
    s.enabled = false;
    EXPECT_EQ(open_sensors(cpu, s).description.lacking.at(0),
              "every sensor: switched off (--sensors off)");
}

} // namespace
} // namespace grp
