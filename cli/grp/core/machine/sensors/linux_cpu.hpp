// A Linux CPU's sensors as a backend, read from sysfs: the cores' clocks (cpufreq
// scaling_cur_freq), the package energy counters (RAPL through powercap: intel-rapl:N, whose
// energy_uj wraps at max_energy_range_uj and is often readable by root only), the package
// temperature (hwmon coretemp, k10temp or zenpower) and the thermal throttle counters. Virtual
// machines expose none of them: the description then says so, file by file.
#pragma once

#include "grp/core/machine/sensors/sensor.hpp"

#include <string>

namespace grp {

/// The CPU's sensors under `sysfs` (normally "/sys"; the tests pass a fabricated tree). Returns
/// no source when none of them is readable.
sensor_handle open_linux_cpu(const std::string& sysfs = "/sys");

} // namespace grp
