// Sensors that distrust what they read (docs/hardening.md): a FIFO planted in a sysfs tree never
// blocks, negative and malformed values are never read as huge unsigned ones, an energy counter
// that goes back without a range is marked (its window's energy unknown), never guessed, and a
// stand-in NVML whose strings have no NUL is read within its buffers.
#include "grp/core/machine/sensors/linux_cpu.hpp"
#include "grp/core/machine/sensors/nvml.hpp"
#include "grp/core/machine/sensors/sysfs_file.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

namespace grp {
namespace {

namespace fs = std::filesystem;

class hostile_sysfs : public ::testing::Test {
protected:
    void SetUp() override {
        root = fs::temp_directory_path() /
               ("grp-hostile-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root);
    }
    void TearDown() override { fs::remove_all(root); }
    void put(const std::string& path, const std::string& value) const {
        fs::create_directories((root / path).parent_path());
        std::ofstream(root / path) << value << "\n";
    }
    void fifo(const std::string& path) const {
        fs::create_directories((root / path).parent_path());
        fs::remove(root / path);
        ASSERT_EQ(::mkfifo((root / path).c_str(), 0600), 0);
    }
    fs::path root;
};

TEST_F(hostile_sysfs, a_fifo_anywhere_is_skipped_at_once_never_waited_on) {
    put("devices/system/cpu/cpu0/cpufreq/scaling_cur_freq", "2400000");
    fifo("devices/system/cpu/cpu1/cpufreq/scaling_cur_freq");
    fifo("devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
    fifo("class/powercap/intel-rapl:0/energy_uj");
    put("class/hwmon/hwmon0/name", "coretemp");
    fifo("class/hwmon/hwmon1/name");
    fifo("class/hwmon/hwmon0/temp1_input");
    EXPECT_FALSE(read_sysfs_text((root / "class/hwmon/hwmon1/name").string()));
    const auto h = open_linux_cpu(root.string()); // blocked in open() before the fix
    ASSERT_TRUE(h.source);
    EXPECT_EQ(h.description.found, std::vector<std::string>{"clock"});
    EXPECT_FALSE(h.description.max_clock_mhz);
    EXPECT_DOUBLE_EQ(*h.source->read().clock_mhz, 2400);
}

TEST_F(hostile_sysfs, negative_and_malformed_values_are_signed_or_invalid) {
    put("a", "-5000");
    put("b", "12abc");
    put("c", "99999999999999999999999");
    put("d", std::string("7\0", 2));
    EXPECT_EQ(read_sysfs_integer((root / "a").string()), -5000);
    EXPECT_FALSE(read_sysfs_integer((root / "b").string()));
    EXPECT_FALSE(read_sysfs_integer((root / "c").string()));
    EXPECT_FALSE(read_sysfs_integer((root / "d").string()));
    EXPECT_FALSE(read_sysfs_integer((root / "missing").string()));

    put("devices/system/cpu/cpu0/cpufreq/scaling_cur_freq", "-2400000"); // not a clock
    put("devices/system/cpu/cpu1/cpufreq/scaling_cur_freq", "2000000");
    put("devices/system/cpu/cpu0/thermal_throttle/core_throttle_count", "-1");
    put("class/powercap/intel-rapl:0/energy_uj", "-7");
    put("class/hwmon/hwmon0/name", "coretemp");
    put("class/hwmon/hwmon0/temp1_input", "-5000");   // -5 °C: a cold CPU, read as such
    put("class/hwmon/hwmon0/temp2_input", "-300000"); // below absolute zero: invalid
    const auto h = open_linux_cpu(root.string());
    ASSERT_TRUE(h.source);
    EXPECT_EQ(h.description.found, (std::vector<std::string>{"clock", "temperature"}));
    const auto r = h.source->read();
    EXPECT_DOUBLE_EQ(*r.clock_mhz, 2000);
    EXPECT_DOUBLE_EQ(*r.temperature_c, -5.0);
    EXPECT_FALSE(r.energy_uj);
    EXPECT_FALSE(r.throttle_count);
}

TEST_F(hostile_sysfs, a_counter_reset_without_a_range_is_marked_never_guessed) {
    put("class/powercap/intel-rapl:0/energy_uj", "5000000");
    const auto h = open_linux_cpu(root.string());
    ASSERT_TRUE(h.source);
    EXPECT_FALSE(h.description.energy_wrap_uj.value_or(0) > 0);
    EXPECT_EQ(*h.source->read().energy_uj, 0U);
    put("class/powercap/intel-rapl:0/energy_uj", "1000"); // reset: no max_energy_range_uj
    auto r = h.source->read();
    EXPECT_TRUE(r.energy_reset);
    EXPECT_FALSE(r.energy_uj) << "was " << r.energy_uj.value_or(0) << " µJ (a guess)";
    put("class/powercap/intel-rapl:0/energy_uj", "3000");
    r = h.source->read();
    EXPECT_FALSE(r.energy_reset);
    EXPECT_EQ(*r.energy_uj, 2000U) << "the sum goes on from the new value";
    put("class/powercap/intel-rapl:0/energy_uj", "9223372036854775807"); // a jump no CPU makes
    r = h.source->read();
    EXPECT_TRUE(r.energy_reset || r.energy_uj.value_or(0) == 9223372036854775807U - 1000U);
}

TEST(stand_in_nvml, names_without_a_nul_are_read_within_their_buffers) {
    const auto h = open_nvml(std::nullopt, std::string("GPU-12345678"), GRP_STAND_IN_NVML);
    ASSERT_TRUE(h.source) << h.description.lacking.at(0);
    EXPECT_EQ(h.description.backend, "nvml");
    EXPECT_EQ(h.description.device.substr(0, 98), std::string(96, 'N') + " (")
        << h.description.device;
    EXPECT_NE(h.description.device.find("the machine's only NVIDIA GPU"), std::string::npos);
}

} // namespace
} // namespace grp
