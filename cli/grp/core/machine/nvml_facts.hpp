// An NVIDIA GPU's side of its conditions (device_conditions.hpp), read through NVML loaded at
// run time (as sensors/nvml.hpp does; never a build dependency): power limit and enforced
// limit, ECC, persistence, MIG and compute modes, application clocks (current and default),
// PCIe generation and width (current and maximum), board name, part number and VBIOS, driver
// and CUDA driver versions. Every query that fails gives an unknown fact with NVML's reason (not
// supported, no permission, a library without the call); without the library or a matching
// device, every fact is unknown and says why. Read only: nothing here changes a setting.
#pragma once

#include "grp/core/machine/device_conditions.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp {

/// The names nvml_facts returns, in order (all of them, known or not).
const std::vector<std::string>& nvml_fact_names();

/// The facts of the GPU with this PCI bus id or UUID (matched as open_nvml does), read through
/// `library`. Never throws.
std::vector<condition_fact> nvml_facts(const std::optional<std::string>& pci_bus,
                                       const std::optional<std::string>& uuid,
                                       const std::string& library);

/// Every GPU fact unknown, for `why` ("not an NVIDIA GPU: NVML reads NVIDIA GPUs only").
std::vector<condition_fact> unknown_gpu_facts(const std::string& why);

} // namespace grp
