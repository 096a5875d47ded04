// A round's conditions from sensor readings: clock range, power and energy (counter, wrap,
// estimate), throttle reasons, and the verdict whether the round was steady.
#include "../../fake_sensor.hpp"
#include "grp/model/measure/conditions_meter.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

using testing::reading;

TEST(conditions_meter, counter_energy_over_a_long_enough_window) {
    const auto c = summarize_readings(
        {reading(10.0, 1980, 200, 5'000'000), reading(10.25, 1980, 220, 55'000'000)}, true);
    EXPECT_EQ(c.readings, 2U);
    EXPECT_DOUBLE_EQ(c.seconds, 0.25);
    EXPECT_EQ(c.energy_source, "counter");
    EXPECT_DOUBLE_EQ(*c.energy_j, 50.0);
    EXPECT_DOUBLE_EQ(*c.power_w, 200.0); // energy / time, not the readings' mean
    EXPECT_EQ(c.unsteady, "");
}

TEST(conditions_meter, a_short_window_is_estimated_from_the_power_readings) {
    const auto c = summarize_readings(
        {reading(1.0, 1980, 200, 7'000'000), reading(1.02, 1980, 300, 7'000'000)}, true);
    EXPECT_EQ(c.energy_source, "power x time");
    EXPECT_DOUBLE_EQ(*c.power_w, 250.0);
    EXPECT_NEAR(*c.energy_j, 5.0, 1e-9);
}

TEST(conditions_meter, a_counter_that_wraps_counts_through_its_range) {
    const std::uint64_t range = 262'143'328'850;
    const auto c = summarize_readings(
        {reading(0.0, 2400, 0, range - 1'000'000), reading(0.5, 2400, 0, 4'000'000)}, false, range);
    EXPECT_EQ(c.energy_source, "counter");
    EXPECT_DOUBLE_EQ(*c.energy_j, 5.0);
}

TEST(conditions_meter, a_counter_that_went_back_without_a_range_gives_no_counted_energy) {
    sensor_reading a = reading(0.0, 2400, 0, 9'000'000), b = reading(0.5, 2400, 0, 1'000);
    a.power_w.reset();
    b.power_w.reset();
    const auto c = summarize_readings({a, b}, false);
    EXPECT_FALSE(c.energy_j);
    EXPECT_EQ(c.energy_source, "");
}

TEST(conditions_meter, ramping_clocks_make_the_round_unsteady_where_the_clock_is_judged) {
    const std::vector<sensor_reading> ramp = {reading(0, 345, 80, 0), reading(0.05, 1200, 150, 0),
                                              reading(0.1, 1980, 200, 0)};
    EXPECT_EQ(summarize_readings(ramp, true).unsteady, "clock 345-1980 MHz during the round");
    EXPECT_EQ(summarize_readings(ramp, false).unsteady, ""); // a CPU's mean clock: recorded only
    EXPECT_DOUBLE_EQ(*summarize_readings(ramp, false).clock_mhz_min, 345);
}

TEST(conditions_meter, a_throttle_reason_makes_the_round_unsteady_and_idle_does_not) {
    const auto idle = summarize_readings(
        {reading(0, 1980, 200, 0, clock_reason_idle), reading(0.1, 1980, 200, 0)}, true);
    EXPECT_EQ(idle.unsteady, "");
    EXPECT_EQ(idle.reasons, std::vector<std::string>{"idle"});
    const auto capped = summarize_readings(
        {reading(0, 1980, 200, 0), reading(0.1, 1950, 700, 0, clock_reason_sw_power_cap)}, true);
    EXPECT_EQ(capped.unsteady, "throttled: sw_power_cap");
}

TEST(conditions_meter, reads_at_start_between_launches_and_at_finish) {
    testing::fake_sensor s({reading(0, 1980, 200, 0), reading(0.5, 1980, 200, 100'000'000)});
    conditions_meter m(&s, true);
    m.start();
    m.poll(); // the fake's times are not the clock's: poll reads only after 5 ms
    const auto c = m.finish();
    ASSERT_TRUE(c);
    EXPECT_GE(s.reads, 2U);
    EXPECT_DOUBLE_EQ(*c->energy_j, 100.0);
    conditions_meter none(nullptr, true);
    none.start();
    EXPECT_FALSE(none.finish());
}

TEST(conditions_meter, without_the_counter_a_round_is_estimated_from_power) {
    testing::fake_sensor s({reading(0, 1980, 200, 0), reading(0.5, 1980, 300, 100'000'000)});
    conditions_meter m(&s, true);
    m.start(false); // a short round: NVML's counter is slow to read and too coarse for it
    const auto c = m.finish();
    EXPECT_EQ(s.quick_reads, 2U);
    EXPECT_EQ(c->energy_source, "power x time");
    EXPECT_DOUBLE_EQ(*c->power_w, 250.0);
    case_result first;
    EXPECT_TRUE(counter_worth_reading(first)); // nothing predicts its first round
    // Its warm-ups predict the first round's window: 10 ms is too short for the counter.
    EXPECT_FALSE(counter_worth_reading(first, 0.01));
    EXPECT_TRUE(counter_worth_reading(first, min_counter_window_s / 2));
    first.rounds.emplace_back();
    first.rounds.back().conditions = c;
    EXPECT_TRUE(counter_worth_reading(first));       // 0.5 s: worth it
    EXPECT_TRUE(counter_worth_reading(first, 0.01)); // a measured round outweighs a prediction
    first.rounds.back().conditions->seconds = 0.01;
    EXPECT_FALSE(counter_worth_reading(first));
    EXPECT_FALSE(counter_worth_reading(first, 1.0));
}

TEST(conditions_meter, rounds_below_the_runs_steady_clock_are_marked) {
    std::vector<case_result> cases(1);
    for (double mhz : {1980.0, 1980.0, 1965.0, 1410.0, 1980.0, 1980.0}) {
        round_record r;
        r.conditions = round_conditions{};
        r.conditions->clock_mhz_max = mhz;
        cases[0].rounds.push_back(r);
    }
    cases[0].rounds[1].run = 1; // another process: its own steady clock
    mark_below_steady_clock(cases, 0, 0);
    EXPECT_EQ(cases[0].rounds[3].conditions->unsteady,
              "clock 1410 MHz, below the run's steady 1980 MHz");
    EXPECT_TRUE(cases[0].rounds[3].unsteady());
    EXPECT_FALSE(cases[0].rounds[2].unsteady());
}

} // namespace
} // namespace grp
