// Reads a device's conditions (device_conditions.hpp) once: the GPU's facts through NVML for an
// NVIDIA GPU (unknown, with the reason, for any other device), the host's facts from Linux
// sysfs and procfs, and which of them the device's key covers (a GPU's own settings for a GPU,
// the host CPU's for every other device, which runs on the host's cores: a CPU, or a simulator
// such as Oclgrind that calls itself gpu+cpu+accelerator). Steal time spans a
// run: `run` takes /proc/stat when it starts a device and finishes the fact when it is done
// with it (finish_conditions); `platforms` measures no run and says so.
#pragma once

#include "grp/core/machine/device_conditions.hpp"
#include "grp/core/machine/device_info.hpp"
#include "grp/core/machine/host_facts.hpp"

#include <optional>
#include <string>

namespace grp {

/// Where the facts are read: the sysfs/procfs root (GRP_CONDITIONS_ROOT) and the NVML library
/// (GRP_NVML_LIBRARY, as the sensors).
struct conditions_settings {
    std::string root = "/";
    std::string nvml = "libnvidia-ml.so.1";
};

/// The settings with the environment's overrides applied.
conditions_settings conditions_settings_from_env();

/// The device's facts, its key facts, and steal_pct unknown (no run measured it). Never throws.
device_conditions probe_conditions(const device_info& dev, const conditions_settings& s);

/// steal_pct over a run: from `start` (read_steal_ticks when the device's run began) to now.
void finish_conditions(device_conditions& c, const std::optional<steal_ticks>& start,
                       const conditions_settings& s);

} // namespace grp
