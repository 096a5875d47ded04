// From sensor readings to a round's conditions: the meter reads the device's sensors when a
// round's timed launches start, between launches (at most every few milliseconds) and when they
// end, and summarizes the readings (clock range, highest temperature, mean power, energy over
// the window, clock event reasons) with the verdict whether the round was steady. Without a
// sensor it reads nothing and the round has no conditions: the run is the same without one.
#pragma once

#include "grp/core/machine/sensors/sensor.hpp"
#include "grp/model/profile/case.hpp"

#include <optional>
#include <vector>

namespace grp {

/// A round whose clock moved more than this share of its highest reading while it ran (or
/// stayed this far below the run's steady clock) was taken while the clocks ramped.
inline constexpr double clock_ramp_share = 0.10;
/// The energy counter is used for a window at least this long; a shorter one is estimated from
/// the power readings ("power x time"): NVML's counter changes every ~20-100 ms.
inline constexpr double min_counter_window_s = 0.1;
/// The least time between two readings inside a round.
inline constexpr double min_reading_interval_s = 0.005;

/// Summarizes the readings of one round (in time order). `judge_clock`: whether a clock that
/// moved within the round makes it unsteady (GPUs: NVML's clock is the device's; a CPU's mean
/// core clock moves with idle cores and is recorded, never judged). `wrap_uj`: the energy
/// counter's range (0: never wraps); a counter that went backwards otherwise gives no energy.
round_conditions summarize_readings(const std::vector<sensor_reading>& readings, bool judge_clock,
                                    std::uint64_t wrap_uj = 0);

/// The readings of one round from a source (null: none, and finish() gives nothing).
class conditions_meter {
public:
    conditions_meter(sensor_source* source, bool judge_clock);
    /// The first reading; `energy`: read the energy counter at both ends (it is slow to read on
    /// NVML, and useful only for windows of min_counter_window_s or more).
    void start(bool energy = true);
    /// A reading if min_reading_interval_s passed since the last one.
    void poll();
    /// The last reading and the summary; empty without a source.
    std::optional<round_conditions> finish();

private:
    sensor_source* source_;
    bool judge_clock_;
    std::vector<sensor_reading> readings_;
    bool energy_ = true;
};

/// Whether a round of case `c` is likely long enough for the energy counter: its last round
/// lasted half of min_counter_window_s or more; before its first round, the window its warm-ups
/// predict (`predicted_s`) does, or nothing predicts it. Each NVML energy read took 3 ms on the
/// H200 (median; power, clocks and temperature 1.4 us), 0.1 s of a 2.9 s default run in first
/// rounds of ~10 ms that the counter cannot resolve (bench/results/h200-default-wall-probe.txt).
bool counter_worth_reading(const case_result& c, std::optional<double> predicted_s = {});

/// Across the rounds of one process on one device: the steady clock is the median of the rounds'
/// highest clocks; a round whose highest clock stayed clock_ramp_share below it is marked
/// unsteady (the clocks had not reached their level, or a cap held them down). Rounds already
/// unsteady keep their reason. Cases of other devices or runs are left alone.
void mark_below_steady_clock(std::vector<case_result>& cases, int device, run_index run);

} // namespace grp
