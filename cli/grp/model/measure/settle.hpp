// The warm-up that reaches steady clocks: a GPU idles at a low clock and takes a few hundred
// milliseconds of work to reach its steady one (the H100: 345 to 1980 MHz), so the first round
// of a process would be timed on the ramp. Before it, untimed launches run until the clock
// sensor reads a steady clock — or, without one, for a fixed time on GPUs (CPUs ramp in
// milliseconds, which each round's own warm-up covers).
#pragma once

#include "grp/core/machine/sensors/sensor.hpp"

#include <functional>
#include <optional>
#include <string>

namespace grp {

struct settle_options {
    double max_s = 2.0;       ///< the longest wait (run --settle); 0: none
    double blind_s = 0.2;     ///< the wait by time where no clock is read (GPUs)
    double interval_s = 0.02; ///< between clock readings
    /// Readings in a row within steady_share of each other that end the wait.
    int steady_readings = 3;
    double steady_share = 0.02;
};

struct settle_result {
    double seconds = 0;
    std::uint64_t launches = 0;
    std::optional<double> clock_mhz; ///< the clock it ended at, where read
    std::string how;                 ///< "clock steady at 1980 MHz", "time: no clock sensor", ...
};

/// Runs `launch` (one untimed launch, waited for) until the clock is steady or time is up.
/// `source` null or without a clock: `blind_s` of launches (0 skips them). `now` is the clock
/// the wait is measured with (tests pass a fake one).
settle_result settle_clocks(sensor_source* source, const std::function<void()>& launch,
                            const settle_options& opt,
                            const std::function<double()>& now = sensor_now_s);

} // namespace grp
