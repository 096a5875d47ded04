// NVIDIA's management library (NVML) as a sensor backend, loaded at run time with dlopen: never a
// build or package dependency, and a machine without it runs exactly as before. The OpenCL
// device is matched to NVML's by PCI bus id (cl_khr_pci_bus_info), else by UUID
// (cl_khr_device_uuid), else, on a machine with one NVIDIA GPU, to that one (said in the
// description). Reads the SM and memory clocks, the GPU temperature, the power reading, the
// total energy counter (mJ since the driver loaded; Volta and newer) and the clocks event
// reasons.
#pragma once

#include "grp/core/machine/sensors/sensor.hpp"

#include <optional>
#include <string>

namespace grp {

inline constexpr const char* nvml_library = "libnvidia-ml.so.1";

/// NVML's sensors for the OpenCL device with this PCI bus id ("dddd:bb:dd.f") or UUID (32 hex
/// digits). Without the library, its functions or a matching device: no source, and
/// description().lacking says why.
sensor_handle open_nvml(const std::optional<std::string>& pci_bus,
                        const std::optional<std::string>& uuid,
                        const std::string& library = nvml_library);

/// The hex digits of a UUID in lower case, dashes and a "GPU-" prefix dropped: NVML writes
/// "GPU-2f8a...-...", OpenCL 32 hex digits.
std::string uuid_digits(const std::string& uuid);

/// "dddd:bb:dd.f" (OpenCL) as NVML's "dddddddd:bb:dd.f"; empty when it does not parse.
std::optional<std::string> nvml_bus_id(const std::string& pci_bus);

} // namespace grp
