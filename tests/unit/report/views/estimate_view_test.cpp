// The estimate's table (report/views/estimate_view.hpp): which cases it estimates, the notes
// under it, and the GPU a timed profile offers it.
#include "grp/report/views/estimate_view.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

estimate_device view_gpu() {
    estimate_device d;
    d.name = "GPU";
    d.compute_units = 132;
    d.clock_hz = 1.98e9;
    d.launch_ns = 5000;
    d.read_bytes_per_ns = 3000;
    return d;
}

/// A checked case of reduce6 that read 4 KiB in coalesced warp requests.
case_result view_case(case_status status) {
    case_result c;
    c.key = make_case_key("reduce6", "float", "flat", 1024, 256);
    c.status = status;
    check_record k;
    sim_pass_counts p;
    p.work_groups = 4;
    p.bytes["load global"] = 4096;
    k.passes.push_back(p);
    access_summary a;
    a.global_requests = 32;
    a.new_sectors_per_request = 4;
    a.miss_request_share = 1;
    a.simd_efficiency = 1;
    k.access = a;
    c.check = k;
    return c;
}

TEST(EstimateView, OnlyOkCasesAreEstimatedAndTheRestAreCounted) {
    profile p;
    p.settings["check"] = {{"planned_for", {{"device", "GPU"}, {"compute_units", 132}}}};
    p.cases = {view_case(case_status::ok), view_case(case_status::unsafe),
               view_case(case_status::wrong)};
    const auto t = estimate_table_of(p, view_gpu());
    ASSERT_EQ(t.rows.size(), 1U);
    EXPECT_EQ(t.rows[0][0], "reduce6");
    EXPECT_EQ(t.rows[0].size(), estimate_columns().size());
    ASSERT_EQ(t.notes.size(), 1U) << "planned for this GPU: no note on the grids";
    EXPECT_EQ(t.notes[0], "2 case(s) not estimated: not ok (unsafe, wrong or failed)");
}

TEST(EstimateView, ALayoutOrOperatorOtherThanTheDefaultIsInTheTypeCell) {
    profile p;
    p.settings["check"] = {{"planned_for", {{"device", "GPU"}, {"compute_units", 132}}}};
    auto soa = view_case(case_status::ok), max = view_case(case_status::ok);
    soa.key.layout = "soa";
    max.key.op = "max";
    p.cases = {view_case(case_status::ok), soa, max};
    const auto t = estimate_table_of(p, view_gpu());
    ASSERT_EQ(t.rows.size(), 3U);
    EXPECT_EQ(t.rows[0][1], "float");
    EXPECT_EQ(t.rows[1][1], "float soa") << "otherwise two rows read alike";
    EXPECT_EQ(t.rows[2][1], "float op=max");
}

TEST(EstimateView, AGridPlannedForOtherComputeUnitsIsSaid) {
    profile p; // checked without --estimate-for: the simulator's grids
    p.cases = {view_case(case_status::ok)};
    auto t = estimate_table_of(p, view_gpu());
    ASSERT_EQ(t.notes.size(), 1U);
    EXPECT_NE(t.notes[0].find("planned for the simulator, not GPU's 132"), std::string::npos)
        << t.notes[0];
    p.settings["check"] = {{"planned_for", {{"device", "Other"}, {"compute_units", 8}}}};
    t = estimate_table_of(p, view_gpu());
    ASSERT_EQ(t.notes.size(), 1U);
    EXPECT_NE(t.notes[0].find("planned for 8 compute units"), std::string::npos) << t.notes[0];
}

TEST(EstimateView, TheFirstUsableModelServesAndOtherwiseEachReasonIsNamed) {
    profile timed;
    profile_device cpu;
    cpu.info.name = "CPU";
    cpu.info.type = "cpu";
    profile_device gpu;
    gpu.info.name = "GPU";
    gpu.info.type = "gpu";
    gpu.info.compute_units = 132;
    gpu.info.max_clock_mhz = 1980;
    timed.devices = {cpu, gpu};
    try {
        (void)estimate_device_in(timed);
        FAIL() << "a GPU without a launch floor cannot serve";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("CPU is a cpu device"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("GPU has no launch floor"), std::string::npos);
    }
    timed.devices[1].launch_floor_ns = 5000;
    timed.devices[1].peak = peak_bandwidth{};
    timed.devices[1].peak->read_gbps = 3000;
    EXPECT_EQ(estimate_device_in(timed).name, "GPU");
    timed.devices.push_back(timed.devices[1]); // a second card of the model: still one choice
    timed.devices[2].launch_floor_ns = 5200;
    EXPECT_EQ(estimate_device_in(timed).launch_ns, 5000);
    timed.devices[1].info.name = "Other GPU"; // another model: which one is the user's call
    try {
        (void)estimate_device_in(timed);
        FAIL() << "one of two GPU models was taken silently";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find(
                      "Other GPU (132 CUs, 1980 MHz), GPU (132 CUs, 1980 MHz): give a profile"),
                  std::string::npos)
            << e.what();
    }
    timed.devices[1].info.name = "GPU";
    timed.devices[2].info.max_clock_mhz = 1000; // one model at another clock: not one choice
    EXPECT_THROW((void)estimate_device_in(timed), std::invalid_argument);
    timed.devices.pop_back();
    timed.devices[1].info.compute_units = 4294967295U; // the schema's largest: implausible
    EXPECT_THROW((void)estimate_device_in(timed), std::invalid_argument);
}

} // namespace
} // namespace grp
