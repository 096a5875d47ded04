#include "grp/report/console/device_heading.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

// One device whose run-level peak read 100 GB/s; a case on it whose rounds read `reads`.
profile one_device(const std::vector<std::optional<double>>& reads) {
    profile p;
    profile_device d;
    d.info.name = "Card";
    d.info.platform_name = "Vendor";
    d.peak = peak_bandwidth{};
    d.peak->read_gbps = 100;
    d.launch_floor_ns = 6400;
    p.devices.push_back(d);
    case_result c;
    for (const auto& r : reads) {
        round_record rr;
        rr.peak_gbps = r;
        c.rounds.push_back(rr);
    }
    p.cases.push_back(c);
    return p;
}

TEST(DeviceHeading, SaysWhatPercentOfPeakIsMeasuredAgainst) {
    // The run's peak (100) is not what % peak divides by: the rounds' reads (median 80) are.
    const auto p = one_device({70.0, 80.0, 95.0, std::nullopt});
    EXPECT_EQ(device_heading(p, 0),
              "Card (Vendor): peak read 100.0 GB/s before the cases, 80.0 in their rounds "
              "(median; % peak uses each round's), empty-kernel span 6.40 us");
}

TEST(DeviceHeading, WithoutInRoundReadsOnlyTheRunsPeak) {
    const auto p = one_device({std::nullopt});
    EXPECT_FALSE(in_round_read_gbps(p, 0));
    EXPECT_EQ(device_heading(p, 0),
              "Card (Vendor): peak read 100.0 GB/s, empty-kernel span 6.40 us");
}

TEST(DeviceHeading, TheMedianOfAnEvenCountIsTheMiddlePairsMean) {
    EXPECT_DOUBLE_EQ(*in_round_read_gbps(one_device({10.0, 40.0, 20.0, 30.0}), 0), 25.0);
    // Another device's rounds do not count.
    EXPECT_FALSE(in_round_read_gbps(one_device({10.0}), 1));
}

} // namespace
} // namespace grp
