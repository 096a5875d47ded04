#include "grp/model/history/device_key.hpp"
#include "model/history/history_samples.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(DeviceKey, ADriverMinorUpdateKeepsTheSeries) {
    const auto a = device_key_of(test::history_device("H100", "580.95.05"));
    const auto b = device_key_of(test::history_device("H100", "580.159.04"));
    EXPECT_EQ(a, b);
    EXPECT_EQ(a.driver_major, "580");
}

TEST(DeviceKey, AnotherModelOrDriverMajorOrCardIsAnotherSeries) {
    const auto a = device_key_of(test::history_device("H100", "580.159.04"));
    EXPECT_NE(a, device_key_of(test::history_device("H200", "580.159.04")));
    EXPECT_NE(a, device_key_of(test::history_device("H100", "590.10.01")));
    auto other_card = test::history_device("H100", "580.159.04");
    other_card.uuid = "ffeeddccbbaa99887766554433221100";
    EXPECT_NE(a, device_key_of(other_card));
}

TEST(DeviceKey, PciBusStandsInForAMissingUuidAndTheEnumerationIndexIsNotKey) {
    auto d = test::history_device("H100");
    d.uuid.reset();
    d.pci_bus = "0000:00:06.0";
    EXPECT_EQ(device_key_of(d).card, "pci 0000:00:06.0");
    auto moved = d;
    moved.index = 3;
    moved.platform_index = 1;
    EXPECT_EQ(device_key_of(d), device_key_of(moved));
    d.pci_bus.reset();
    EXPECT_EQ(device_key_of(d).card, "");
    EXPECT_NE(device_key_of(d).text().find("driver 580"), std::string::npos);
}

} // namespace
} // namespace grp
