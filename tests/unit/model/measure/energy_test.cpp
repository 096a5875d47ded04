// A case's energy from its rounds' conditions: counted, estimated, or missing with a reason.
#include "grp/model/measure/case_metrics.hpp"
#include "grp/model/measure/energy.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

round_record round_with(double seconds, std::optional<double> joules, const std::string& source) {
    round_record r;
    r.samples_ns = {1'000'000, 1'000'000, 1'000'000}; // 1 ms
    r.conditions = round_conditions{};
    r.conditions->seconds = seconds;
    r.conditions->energy_j = joules;
    r.conditions->energy_source = source;
    return r;
}

case_result case_of(std::vector<round_record> rounds) {
    case_result c;
    c.key = make_case_key("reduce6", "float", "flat", 1U << 20, 256);
    c.bytes = 4U << 20;
    c.rounds = std::move(rounds);
    derive_metrics(c, 0);
    return c;
}

TEST(energy, counted_rounds_give_power_joules_per_launch_and_efficiency) {
    const auto c = case_of({round_with(0.5, 100.0, "counter"), round_with(1.5, 300.0, "counter")});
    ASSERT_TRUE(c.energy);
    EXPECT_DOUBLE_EQ(*c.energy->power_w, 200.0);
    EXPECT_DOUBLE_EQ(*c.energy->joules_per_launch, 0.2); // 200 W x 1 ms
    EXPECT_DOUBLE_EQ(*c.energy->elements_per_j, (1U << 20) / 0.2);
    EXPECT_DOUBLE_EQ(*c.energy->gbps_per_w, *c.gbps / 200.0);
    EXPECT_EQ(c.energy->basis, "energy counter over 2.00 s of rounds");
}

TEST(energy, short_rounds_are_an_estimate_and_say_so) {
    const auto c =
        case_of({round_with(0.02, 4.0, "power x time"), round_with(0.5, 100.0, "counter")});
    ASSERT_TRUE(c.energy);
    EXPECT_NEAR(*c.energy->power_w, 104.0 / 0.52, 1e-9);
    EXPECT_NE(c.energy->basis.find("an estimate"), std::string::npos);
}

TEST(energy, no_sensor_no_energy_and_no_reading_says_why) {
    round_record plain;
    plain.samples_ns = {1000};
    EXPECT_FALSE(case_of({plain}).energy);
    const auto c = case_of({round_with(0.5, std::nullopt, "")});
    ASSERT_TRUE(c.energy);
    EXPECT_FALSE(c.energy->power_w);
    EXPECT_EQ(c.energy->missing, "the sensors read no energy counter and no power");
}

} // namespace
} // namespace grp
