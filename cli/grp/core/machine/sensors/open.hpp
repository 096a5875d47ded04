// Which sensor backend reads a device: NVML for NVIDIA GPUs, sysfs for CPU devices (PoCL runs on
// the host's cores), none otherwise — with the reason in the description.
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/core/machine/sensors/sensor.hpp"

#include <string>

namespace grp {

struct sensor_settings {
    bool enabled = true;                    ///< run --sensors off: none, said so
    std::string sysfs = "/sys";             ///< GRP_SENSOR_SYSFS overrides (tests)
    std::string nvml = "libnvidia-ml.so.1"; ///< GRP_NVML_LIBRARY overrides (tests)
};

/// True for an NVIDIA GPU (vendor or platform says NVIDIA): the devices NVML reads.
bool is_nvidia(const device_info& d);

/// The settings with the environment's overrides applied.
sensor_settings sensor_settings_from_env(bool enabled);

/// The sensors for `dev`. Never throws: no sensor is a description with the reason.
sensor_handle open_sensors(const device_info& dev, const sensor_settings& s);

} // namespace grp
