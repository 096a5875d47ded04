// The cool-down before a round: a GPU near its slowdown temperature throttles within the round,
// which compare then sets aside; waiting first costs seconds instead of rounds. Before each round
// the temperature is read beside the slowdown threshold (NVML_TEMPERATURE_THRESHOLD_SLOWDOWN);
// while it is within the margin the round waits, up to a bound, and the wait is recorded
// (rounds[].conditions.cooldown_s). Pure apart from the readers it is given, so unit-tested.
#pragma once

#include "grp/model/profile/conditions.hpp"

#include <functional>
#include <optional>

namespace grp {

struct cooldown_options {
    double margin_c = 10;     ///< run --cool-down: wait while temperature >= slowdown - margin
    double max_s = 60;        ///< run --cool-down-max: the longest wait; 0: none
    double interval_s = 0.25; ///< between readings
};

/// One reading: the temperature and the slowdown threshold, each empty when not read.
struct thermal_reading {
    std::optional<double> temperature_c;
    std::optional<double> slowdown_c;
};

/// Waits (through `sleep`, seconds) while `read` says the GPU is within the margin of its
/// slowdown temperature, at most max_s by `now`. Returns the seconds waited; empty when it did
/// not wait (cool enough, no reading, or max_s 0).
std::optional<double> cool_down(const std::function<thermal_reading()>& read,
                                const cooldown_options& opt,
                                const std::function<void(double)>& sleep,
                                const std::function<double()>& now);

/// A round's conditions with the cool-down before it: `waited` as cooldown_s (a round that
/// waited has conditions even without a sensor); `c` unchanged when it did not wait.
std::optional<round_conditions> with_cooldown(std::optional<round_conditions> c,
                                              std::optional<double> waited);

} // namespace grp
