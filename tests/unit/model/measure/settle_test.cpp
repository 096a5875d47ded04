// The wait for steady clocks before a process's first round, on staged clocks and a fake time.
#include "../../fake_sensor.hpp"
#include "grp/model/measure/settle.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

using testing::reading;

/// A fake clock that advances 10 ms per launch.
struct fake_time {
    double t = 0;
    std::uint64_t launches = 0;
    std::function<void()> launch() {
        return [this] {
            t += 0.01;
            ++launches;
        };
    }
    std::function<double()> now() {
        return [this] {
            return t;
        };
    }
};

TEST(settle, waits_until_the_clock_is_steady_and_high) {
    sensor_description d;
    d.max_clock_mhz = 1980;
    // The probe read, then an idle clock (steady but parked), a ramp, and the steady clock.
    testing::fake_sensor s({reading(0, 345, 70, 0), reading(0, 345, 70, 0), reading(0, 345, 70, 0),
                            reading(0, 345, 70, 0), reading(0, 1200, 120, 0),
                            reading(0, 1980, 200, 0), reading(0, 1980, 200, 0),
                            reading(0, 1975, 200, 0)},
                           d);
    fake_time ft;
    const auto r = settle_clocks(&s, ft.launch(), settle_options{}, ft.now());
    EXPECT_EQ(r.how, "clock steady at 1975 MHz");
    EXPECT_DOUBLE_EQ(*r.clock_mhz, 1975);
    EXPECT_GT(r.launches, 10U);
    EXPECT_LT(r.seconds, 0.5);
}

TEST(settle, a_clock_that_never_settles_ends_at_the_limit) {
    std::vector<sensor_reading> rs;
    for (int i = 0; i < 400; ++i) {
        rs.push_back(reading(0, i % 2 ? 1980 : 1000, 200, 0));
    }
    testing::fake_sensor s(rs);
    fake_time ft;
    settle_options o;
    o.max_s = 0.5;
    const auto r = settle_clocks(&s, ft.launch(), o, ft.now());
    EXPECT_NE(r.how.find("time: the clock was not steady after 500 ms"), std::string::npos);
    EXPECT_GE(r.seconds, 0.5);
}

TEST(settle, without_a_clock_sensor_it_launches_for_a_fixed_time_or_not_at_all) {
    fake_time ft;
    const auto blind = settle_clocks(nullptr, ft.launch(), settle_options{}, ft.now());
    EXPECT_EQ(blind.how, "time: no clock sensor");
    EXPECT_NEAR(blind.seconds, 0.2, 0.011);
    settle_options off;
    off.max_s = 0;
    fake_time none;
    EXPECT_EQ(settle_clocks(nullptr, none.launch(), off, none.now()).launches, 0U);
    EXPECT_EQ(none.launches, 0U);
}

} // namespace
} // namespace grp
