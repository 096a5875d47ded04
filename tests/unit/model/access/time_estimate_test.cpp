// The access-adjusted estimate (model/access/time_estimate.hpp) on hand-built check records:
// each term of the model by itself, and the orders the access metrics must change.
#include "grp/model/access/time_estimate.hpp"
#include "grp/model/profile/profile.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

/// A GPU of 100 CUs at 1 GHz (a cycle is 1 ns), 32 lanes, a 5 us launch floor, 1000 GB/s.
estimate_device estimate_gpu() {
    estimate_device d;
    d.name = "gpu";
    d.compute_units = 100;
    d.clock_hz = 1e9;
    d.launch_ns = 5000;
    d.read_bytes_per_ns = 1000;
    return d;
}

/// One pass of `groups` groups of 256 reading `bytes` in warp-32 requests, with `new_sectors`
/// fetched per request and `miss` of them waiting; `instructions` and `barriers` as given.
check_record estimate_record(std::uint64_t groups, double bytes, double new_sectors, double miss,
                             std::uint64_t instructions = 0, std::uint64_t barriers = 0) {
    check_record c;
    sim_pass_counts p;
    p.work_groups = groups;
    p.instructions = instructions;
    p.barriers = barriers;
    p.bytes["load global"] = static_cast<std::uint64_t>(bytes);
    c.passes.push_back(p);
    access_summary a;
    a.global_requests = static_cast<std::uint64_t>(bytes / 128); // 32 floats a request
    a.new_sectors_per_request = new_sectors;
    a.miss_request_share = miss;
    a.simd_efficiency = 1;
    c.access = a;
    return c;
}

TEST(TimeEstimate, ACoalescedStreamIsItsBytesOverTheBandwidthPlusALaunch) {
    // 64 MiB over 1000 B/ns = 67 us; 8192 groups in 4 waves of a 600-cycle request each.
    const double bytes = 64.0 * 1024 * 1024;
    const auto e = estimate_case(estimate_record(8192, bytes, 4, 1), 256, estimate_gpu());
    ASSERT_TRUE(e.has_value());
    ASSERT_EQ(e->passes.size(), 1U);
    EXPECT_NEAR(e->passes[0].memory_ns, bytes / 1000, 1e-6);
    EXPECT_DOUBLE_EQ(e->passes[0].waves, std::ceil(8192.0 / (100 * 8)));
    EXPECT_STREQ(e->passes[0].bound(), "memory");
    EXPECT_NEAR(e->ns, 5000 + bytes / 1000, 1e-6);
    EXPECT_EQ(e->bound, "memory");
}

TEST(TimeEstimate, FewGroupsWaitOnLatencyAndAChunkedReadWaitsLess) {
    // 16 groups reading 4 MiB: 256 requests per warp, one wave.
    const double bytes = 4.0 * 1024 * 1024;
    const auto stride = estimate_case(estimate_record(16, bytes, 4, 1), 256, estimate_gpu());
    const auto chunked = estimate_case(estimate_record(16, bytes, 4, 0.125), 256, estimate_gpu());
    const auto strided = estimate_case(estimate_record(16, bytes, 32, 1), 256, estimate_gpu());
    ASSERT_TRUE(stride && chunked && strided);
    EXPECT_EQ(stride->bound, "latency");
    EXPECT_NEAR(stride->passes[0].latency_ns, 256 * 600, 1e-6);
    EXPECT_NEAR(chunked->passes[0].latency_ns, 256 * (0.125 * 600 + 0.875 * 30), 1e-6);
    EXPECT_LT(chunked->ns, stride->ns);
    EXPECT_GE(strided->ns, stride->ns);
    EXPECT_NEAR(strided->passes[0].memory_ns, 8 * bytes / 1000, 1e-6) << "8x the sectors";
}

TEST(TimeEstimate, AFilledGpuSeesTheStridedReadsTraffic) {
    const double bytes = 64.0 * 1024 * 1024;
    const auto stride = estimate_case(estimate_record(8192, bytes, 4, 1), 256, estimate_gpu());
    const auto strided = estimate_case(estimate_record(8192, bytes, 32, 1), 256, estimate_gpu());
    ASSERT_TRUE(stride && strided);
    EXPECT_NEAR(strided->ns - 5000, 8 * (stride->ns - 5000), 1e-3);
}

TEST(TimeEstimate, IssueCountsDivergenceAndOnlyTheBusyComputeUnits) {
    auto c = estimate_record(10, 1024, 4, 1, 32'000'000);
    const auto full = estimate_case(c, 256, estimate_gpu());
    c.access->simd_efficiency = 0.5;
    const auto half = estimate_case(c, 256, estimate_gpu());
    ASSERT_TRUE(full && half);
    // 1e6 warp-instructions on 10 busy CUs at 4 a cycle.
    EXPECT_NEAR(full->passes[0].issue_ns, 1e6 / 40, 1e-6);
    EXPECT_NEAR(half->passes[0].issue_ns, 2 * full->passes[0].issue_ns, 1e-6);
    EXPECT_EQ(full->bound, "issue");
}

TEST(TimeEstimate, EveryPassPaysTheLaunchFloor) {
    auto c = estimate_record(1, 1024, 4, 1, 0, 2560);
    c.passes.push_back(c.passes[0]);
    c.passes.push_back(c.passes[0]);
    const auto e = estimate_case(c, 256, estimate_gpu());
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->passes.size(), 3U);
    EXPECT_EQ(e->bound, "launch");
    // The case's 8 requests shared out by bytes: 8/3 a pass over its 8 warps, 600 cycles each;
    // 10 barriers a work-item at 30 cycles.
    EXPECT_NEAR(e->passes[0].latency_ns, 8.0 / 3 / 8 * 600 + 10 * 30, 1e-9);
    EXPECT_NEAR(e->ns, 3 * (5000 + 500), 1e-9);
}

TEST(TimeEstimate, NoEstimateWithoutTheNewSectorCounts) {
    auto c = estimate_record(16, 4096, 0, 0); // a 2.18 profile: requests, no new sectors
    EXPECT_FALSE(estimate_case(c, 256, estimate_gpu()).has_value());
    c.access.reset(); // checked without the plugin
    EXPECT_FALSE(estimate_case(c, 256, estimate_gpu()).has_value());
    EXPECT_FALSE(estimate_case(check_record{}, 256, estimate_gpu()).has_value());
}

TEST(TimeEstimate, TheDeviceMustBeAGpuWithItsFloorAndPeak) {
    profile_device d;
    d.info.name = "H";
    d.info.type = "gpu";
    d.info.compute_units = 132;
    d.info.max_clock_mhz = 1980;
    d.info.preferred_work_group_multiple = 32;
    std::string why;
    EXPECT_FALSE(estimate_device_of(d, why).has_value());
    EXPECT_NE(why.find("launch floor"), std::string::npos) << why;
    d.launch_floor_ns = 5900;
    EXPECT_FALSE(estimate_device_of(d, why).has_value());
    EXPECT_NE(why.find("peak read"), std::string::npos) << why;
    d.peak = peak_bandwidth{};
    d.peak->read_gbps = 3000;
    const auto e = estimate_device_of(d, why);
    ASSERT_TRUE(e.has_value()) << why;
    EXPECT_EQ(why, "");
    EXPECT_DOUBLE_EQ(e->clock_hz, 1.98e9);
    EXPECT_DOUBLE_EQ(e->compute_units, 132);
    d.info.type = "cpu";
    EXPECT_FALSE(estimate_device_of(d, why).has_value());
    EXPECT_NE(why.find("models a GPU"), std::string::npos) << why;
}

} // namespace
} // namespace grp
