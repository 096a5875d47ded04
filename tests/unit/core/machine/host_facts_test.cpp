// The host's conditions (issue #66) read from a fake sysfs/procfs tree: each fact a value, or
// null with a reason that names what was missing; steal time from two /proc/stat readings.
#include "grp/core/machine/host_facts.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace grp {
namespace {

namespace fs = std::filesystem;

class host_facts_tree : public ::testing::Test {
protected:
    void SetUp() override {
        root = fs::temp_directory_path() /
               ("grp-host-facts-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root);
        fs::create_directories(root);
    }
    void TearDown() override { fs::remove_all(root); }
    void put(const std::string& path, const std::string& text) const {
        fs::create_directories((root / path).parent_path());
        std::ofstream(root / path) << text;
    }
    [[nodiscard]] std::string dir() const { return root.string() + "/"; }
    [[nodiscard]] condition_fact fact(const std::string& name) const {
        for (auto& f : host_facts(dir())) {
            if (f.name == name) {
                return f;
            }
        }
        return unknown_fact(name, "not returned");
    }
    fs::path root;
};

TEST_F(host_facts_tree, reads_a_tuned_machine) {
    put("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
    put("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
    put("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
    put("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
    put("sys/devices/system/cpu/smt/control", "on\n");
    put("sys/devices/system/cpu/smt/active", "1\n");
    put("proc/cpuinfo", "processor\t: 0\nmicrocode\t: 0x2b000571\nflags\t\t: fpu hypervisor sse\n");
    put("proc/sys/kernel/osrelease", "6.8.0-49-generic\n");
    put("sys/class/dmi/id/product_name", "Standard PC (Q35 + ICH9, 2009)\n");
    EXPECT_EQ(fact("governor").value, "performance,powersave");
    EXPECT_EQ(fact("boost").value, "off");
    EXPECT_EQ(fact("transparent_hugepages").value, "madvise");
    EXPECT_EQ(fact("smt_control").value, "on");
    EXPECT_EQ(fact("smt_active").value, true);
    EXPECT_EQ(fact("microcode").value, "0x2b000571");
    EXPECT_EQ(fact("kernel_release").value, "6.8.0-49-generic");
    EXPECT_EQ(fact("virtualisation").value, "hypervisor (Standard PC (Q35 + ICH9, 2009))");
}

TEST_F(host_facts_tree, an_amd_boost_and_bare_metal) {
    put("sys/devices/system/cpu/cpufreq/boost", "1\n");
    put("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu sse\n");
    EXPECT_EQ(fact("boost").value, "on");
    EXPECT_EQ(fact("virtualisation").value, "none");
}

TEST_F(host_facts_tree, every_missing_fact_is_null_with_its_reason) {
    const auto facts = host_facts(dir());
    EXPECT_EQ(facts.size(), 8u);
    for (const auto& f : facts) {
        EXPECT_TRUE(f.value.is_null()) << f.name;
        EXPECT_FALSE(f.why.empty()) << f.name;
    }
    EXPECT_NE(fact("governor").why.find("scaling_governor is missing"), std::string::npos);
    put("sys/devices/system/cpu/intel_pstate/no_turbo", "-1\n"); // not 0 or 1: not believed
    EXPECT_TRUE(fact("boost").value.is_null());
}

TEST_F(host_facts_tree, steal_time_over_a_run) {
    put("proc/stat", "cpu  100 0 100 700 0 0 0 100 0 0\ncpu0 1 2 3\n");
    const auto start = read_steal_ticks(dir());
    ASSERT_TRUE(start);
    EXPECT_EQ(start->steal, 100u);
    EXPECT_EQ(start->total, 1000u);
    put("proc/stat", "cpu  150 0 150 1050 0 0 0 150 0 0\n");
    const auto steal = steal_fact(start, read_steal_ticks(dir()));
    EXPECT_EQ(steal.value, 10.0); // 50 of 500 ticks
    EXPECT_TRUE(steal_fact(start, start).value.is_null());
    EXPECT_NE(steal_fact(std::nullopt, start).why.find("/proc/stat"), std::string::npos);
    put("proc/stat", "intr 1 2 3\n");
    EXPECT_FALSE(read_steal_ticks(dir()));
}

} // namespace
} // namespace grp
