// A sensor backend for tests: returns the readings it is given, in turn (the last one again
// once they run out), so ramping clocks, throttle events and wrapping counters can be staged.
#pragma once

#include "grp/core/machine/sensors/sensor.hpp"

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace grp::testing {

class fake_sensor final : public sensor_source {
public:
    explicit fake_sensor(std::vector<sensor_reading> readings, sensor_description d = {})
        : readings_(std::move(readings)), desc_(std::move(d)) {}
    sensor_reading read() override {
        ++reads;
        if (next_ < readings_.size()) {
            return readings_[next_++];
        }
        return readings_.empty() ? sensor_reading{} : readings_.back();
    }
    /// Like NVML's: the energy counter is left out.
    sensor_reading read_quick() override {
        auto r = read();
        r.energy_uj.reset();
        ++quick_reads;
        return r;
    }
    [[nodiscard]] const sensor_description& description() const override { return desc_; }
    std::size_t reads = 0, quick_reads = 0;

private:
    std::vector<sensor_reading> readings_;
    std::size_t next_ = 0;
    sensor_description desc_;
};

/// A reading at `t` seconds with an SM clock, a power reading and an energy counter.
inline sensor_reading reading(double t, double mhz, double watts, std::uint64_t uj,
                              std::uint32_t reasons = 0) {
    sensor_reading r;
    r.t_s = t;
    r.clock_mhz = mhz;
    r.power_w = watts;
    r.energy_uj = uj;
    r.reasons = reasons;
    return r;
}

} // namespace grp::testing
