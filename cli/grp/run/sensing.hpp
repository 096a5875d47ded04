// A device's sensors during a run: opened once per process and device (sensors/open.hpp),
// recorded in the profile (which were found or lacking), read around every round
// (conditions_meter), and used before the first round to wait for steady clocks (settle.hpp).
#pragma once

#include "grp/core/machine/control/nvml_control.hpp"
#include "grp/core/machine/sensors/open.hpp"
#include "grp/model/measure/conditions_meter.hpp"
#include "grp/model/measure/cooldown.hpp"
#include "grp/model/measure/settle.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/run/launch/case_setup.hpp"
#include "grp/run/launch/input_store.hpp"

#include <vector>

namespace grp::run {

struct device_sensors {
    sensor_handle handle;
    bool judge_clock = false; ///< the clock is the device's own (NVML), so a ramp is judged
    bool settled = false;     ///< the first round's wait is done (or not needed)
    std::string skipped;      ///< why there is no wait, when there is none
    settle_options settle;
    /// NVML's temperature and slowdown threshold for the cool-down before each round; null
    /// where NVML does not control the device (nvml_controls).
    std::unique_ptr<nvml_control> thermal;
};

/// Opens the device's sensors (and, where NVML controls the device and the cool-down is on, its
/// thermal readings); never throws.
device_sensors open_device_sensors(const device_info& dev, const sensor_settings& s,
                                   const settle_options& settle,
                                   const cooldown_options& cooldown = {});

/// The wait before a round while the device is near its slowdown temperature (cooldown.hpp):
/// the seconds waited, empty when it did not wait or has no thermal reading. A wait that reached
/// opt.max_s still hot is the last: the device's later rounds do not wait.
std::optional<double> cool_before_round(device_sensors& s, const cooldown_options& opt);

/// The profile's record of what was found and lacked.
sensor_record sensor_record_of(const sensor_description& d);

/// Before a process's first round on a device: untimed launches of the first active case until
/// the clocks are steady (once; later calls return at once). Records the wait in `record`.
void settle_before_rounds(device_sensors& s, input_store& inputs, std::vector<prepared_case>& cases,
                          sensor_record& record);

/// After the process's rounds on a device: rounds below the run's steady clock are marked
/// unsteady (where the clock is judged).
void mark_rounds(const device_sensors& s, profile& p, int device);

} // namespace grp::run
