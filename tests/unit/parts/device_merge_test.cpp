#include "grp/parts/device_merge.hpp"

#include <gtest/gtest.h>

namespace grp::parts {
namespace {

device_info device(int index, const std::string& name) {
    device_info d;
    d.index = index;
    d.name = name;
    d.type = "gpu";
    return d;
}

/// The profile a device's process writes: its one device (index 0), one case, `runs` runs.
profile part_of(const std::string& name, const std::string& kernel, std::size_t runs,
                double wall_s) {
    profile p;
    p.settings = {{"rounds", 10}};
    p.devices.emplace_back().info = device(0, name);
    for (std::size_t j = 0; j < runs; ++j) {
        p.runs.emplace_back().id = name + "-run" + std::to_string(j);
        p.runs.back().wall_s = wall_s;
        p.runs.back().phases.seconds["build"] = 1.0;
    }
    case_result c;
    c.key.kernel = kernel;
    c.key.type = "float";
    c.key.n = 1024;
    c.device = 0;
    for (std::size_t j = 0; j < runs; ++j) {
        c.rounds.emplace_back().run = j;
    }
    p.cases.push_back(c);
    p.kernels.push_back({kernel, kernel, "builtin:reduce.cl", "abc", {}});
    p.host_baselines.push_back({"float", "flat", 1024, name, 4096, 0, {}});
    return p;
}

TEST(MergeDeviceParts, DevicesInSelectionOrderCasesPointAtTheirPlace) {
    std::vector<device_part> parts(2);
    parts[0].info = device(3, "a");
    parts[0].part = part_of("a", "reduce2", 1, 4.0);
    parts[1].info = device(5, "b");
    parts[1].part = part_of("b", "reduce2", 1, 6.0);
    const auto m = merge_device_parts(parts, profile{});
    ASSERT_EQ(m.devices.size(), 2U);
    EXPECT_EQ(m.devices[0].info.name, "a");
    EXPECT_EQ(m.devices[1].info.name, "b");
    ASSERT_EQ(m.cases.size(), 2U);
    EXPECT_EQ(m.cases[0].device, 0);
    EXPECT_EQ(m.cases[1].device, 1);
    EXPECT_EQ(m.kernels.size(), 1U);        // the same kernel, once
    ASSERT_EQ(m.host_baselines.size(), 1U); // the first device's sums, as one process times once
    EXPECT_EQ(m.host_baselines[0].data, "a");
    EXPECT_TRUE(m.complete);
}

TEST(MergeDeviceParts, RunJOfEveryDeviceIsOneRunAtTheLongestWallTime) {
    std::vector<device_part> parts(2);
    parts[0].part = part_of("a", "reduce2", 3, 4.0);
    parts[1].part = part_of("b", "reduce2", 3, 6.0);
    const auto m = merge_device_parts(parts, profile{});
    ASSERT_EQ(m.runs.size(), 3U); // the shape of a sequential run of --runs 3
    EXPECT_EQ(m.runs[0].id, "a-run0");
    EXPECT_DOUBLE_EQ(*m.runs[0].wall_s, 6.0);
    EXPECT_DOUBLE_EQ(m.runs[0].phases.seconds.at("build"), 2.0); // added up, as one process's
    EXPECT_EQ(m.cases[1].rounds[2].run, 2U);
}

TEST(MergeDeviceParts, AFailedDeviceIsKeptWithItsFailureAndTheOthersResults) {
    std::vector<device_part> parts(3);
    parts[0].info = device(0, "a");
    parts[0].failure = "creating a context: CL_OUT_OF_HOST_MEMORY (-6) (exit status 3)";
    parts[1].info = device(1, "b");
    parts[1].part = part_of("b", "reduce2", 1, 1.0);
    parts[2].info = device(2, "c");
    parts[2].part = part_of("c", "reduce3", 1, 1.0);
    parts[2].part->complete = false; // it saved its finished cases before a build error
    parts[2].part->incomplete_reason = "build failed";
    parts[2].failure = "build failed (exit status 4)";
    profile base;
    base.tool.name = "gpu-reduce-prof";
    const auto m = merge_device_parts(parts, base);
    ASSERT_EQ(m.devices.size(), 3U);
    EXPECT_EQ(m.devices[0].info.name, "a"); // from the parent's listing: no part
    EXPECT_EQ(m.devices[0].failure, parts[0].failure);
    EXPECT_TRUE(m.devices[1].failure.empty());
    EXPECT_EQ(m.devices[2].failure, parts[2].failure);
    ASSERT_EQ(m.cases.size(), 2U);
    EXPECT_EQ(m.cases[0].device, 1);
    EXPECT_EQ(m.cases[1].device, 2);
    EXPECT_EQ(m.tool.name, "gpu-reduce-prof");
    EXPECT_TRUE(m.complete); // a failed device is recorded, as a sequential run records it
}

TEST(MergeDeviceParts, AnInterruptedDeviceLeavesTheProfileIncomplete) {
    std::vector<device_part> parts(2);
    parts[0].part = part_of("a", "reduce2", 1, 1.0);
    parts[1].part = part_of("b", "reduce2", 1, 1.0);
    parts[1].part->complete = false;
    parts[1].part->incomplete_reason = "interrupted by SIGINT";
    const auto m = merge_device_parts(parts, profile{});
    EXPECT_FALSE(m.complete);
    EXPECT_EQ(m.incomplete_reason, "interrupted by SIGINT");
}

TEST(MergeDeviceParts, ScenarioSummariesAreKeyedByTheDevicesPlace) {
    std::vector<device_part> parts(2);
    for (int i = 0; i < 2; ++i) {
        auto p = part_of(i == 0 ? "a" : "b", "reduce2", 1, 1.0);
        p.scenarios["barrier"] = {
            {"devices", {{{"device", 0}, {"cases", i}}}}, {"cases", i}, {"rule", "same"}};
        p.scenarios["layouts"]["record_sizes"]["0"] = {{"aos12", 12 + i}};
        parts[static_cast<std::size_t>(i)].part = p;
    }
    const auto m = merge_device_parts(parts, profile{});
    const auto& barrier = m.scenarios["barrier"];
    ASSERT_EQ(barrier["devices"].size(), 2U);
    EXPECT_EQ(barrier["devices"][1]["device"], 1);
    EXPECT_EQ(barrier["devices"][1]["cases"], 1);
    EXPECT_FALSE(
        barrier.contains("cases")); // several devices: only per device, as add_device_summary
    EXPECT_EQ(barrier["rule"], "same");
    EXPECT_EQ(m.scenarios["layouts"]["record_sizes"]["1"]["aos12"], 13);
}

} // namespace
} // namespace grp::parts
