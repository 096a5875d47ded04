// The cool-down before a round (cooldown.hpp) on a fake clock and fake readings.
#include "grp/model/measure/cooldown.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace grp {
namespace {

/// Readings that step through `temps` (the last one kept), beside a 90 C slowdown threshold,
/// and a clock that sleeping advances.
struct fake_gpu {
    std::vector<double> temps;
    std::size_t calls = 0;
    double t = 0;
    std::optional<double> wait(const cooldown_options& opt) {
        return cool_down(
            [this] {
                const auto i = std::min(calls++, temps.size() - 1);
                return thermal_reading{temps[i], 90.0};
            },
            opt, [this](double s) { t += s; }, [this] { return t; });
    }
};

TEST(cool_down, waits_while_within_the_margin_and_says_how_long) {
    fake_gpu g{{95, 85, 79}};
    const auto waited = g.wait({10, 60, 0.25});
    ASSERT_TRUE(waited);
    EXPECT_DOUBLE_EQ(*waited, 0.5); // 95 and 85 are within 10 of 90; 79 is not
}

TEST(cool_down, a_cool_gpu_does_not_wait) {
    fake_gpu g{{60}};
    EXPECT_FALSE(g.wait({10, 60, 0.25}));
}

TEST(cool_down, the_wait_is_bounded) {
    fake_gpu g{{95}};
    const auto waited = g.wait({10, 2, 0.25});
    ASSERT_TRUE(waited);
    EXPECT_DOUBLE_EQ(*waited, 2.0);
}

TEST(cool_down, off_or_without_readings_it_never_waits) {
    fake_gpu g{{95}};
    EXPECT_FALSE(g.wait({10, 0, 0.25}));
    EXPECT_FALSE(
        cool_down([] { return thermal_reading{}; }, {}, [](double) {}, [] { return 0.0; }));
}

} // namespace
} // namespace grp
