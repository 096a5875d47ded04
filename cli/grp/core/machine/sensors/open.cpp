#include "grp/core/machine/sensors/open.hpp"

#include "grp/core/machine/sensors/linux_cpu.hpp"
#include "grp/core/machine/sensors/nvml.hpp"

#include <cstdlib>

namespace grp {

bool is_nvidia(const device_info& d) {
    const auto has = [](const std::string& s) {
        return s.find("NVIDIA") != std::string::npos;
    };
    return d.is_gpu() && (has(d.vendor) || has(d.platform_vendor) || has(d.platform_name));
}

sensor_settings sensor_settings_from_env(bool enabled) {
    sensor_settings s;
    s.enabled = enabled;
    if (const char* v = std::getenv("GRP_SENSOR_SYSFS"); v && *v) {
        s.sysfs = v;
    }
    if (const char* v = std::getenv("GRP_NVML_LIBRARY"); v && *v) {
        s.nvml = v;
    }
    return s;
}

sensor_handle open_sensors(const device_info& dev, const sensor_settings& s) {
    if (!s.enabled) {
        return no_sensor("every sensor: switched off (--sensors off)");
    }
    if (is_nvidia(dev)) {
        return open_nvml(dev.pci_bus, dev.uuid, s.nvml);
    }
    if (dev.type.find("cpu") != std::string::npos) {
        return open_linux_cpu(s.sysfs);
    }
    return no_sensor("every sensor: no backend for a " + dev.type + " device of " + dev.vendor +
                     " (NVML reads NVIDIA GPUs, sysfs the host's CPUs)");
}

} // namespace grp
