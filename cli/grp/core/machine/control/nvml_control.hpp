// One NVIDIA GPU opened through NVML for what a run may change on it and read before each round:
// locked SM and memory clocks, the power limit (read before it is set, so it can be put back),
// and the temperature beside the slowdown threshold (the cool-down before a round). NVML is
// loaded at run time with dlopen, as the sensors load it (sensors/nvml.cpp): a machine without it
// runs as before, and each call that fails says why in NVML's own terms (no permission, not
// supported). The tests load a stand-in library by path (GRP_NVML_LIBRARY).
#pragma once

#include "grp/core/machine/device_info.hpp"

#include <memory>
#include <optional>
#include <string>

namespace grp {

/// An NVML call's outcome: 0 success, else nvmlReturn_t (3 not supported, 4 no permission).
struct nvml_status {
    int code = 0;
    [[nodiscard]] bool ok() const { return code == 0; }
    /// "NVML_ERROR_NO_PERMISSION (4)", "NVML_ERROR_NOT_SUPPORTED (3)", ...; "" when ok.
    [[nodiscard]] std::string text() const;
};

/// NVML's "lock to the base (TDP) clock" value for nvmlDeviceSetGpuLockedClocks
/// (NVML_CLOCK_LIMIT_ID_TDP), which the driver resolves itself.
inline constexpr unsigned nvml_clock_limit_tdp = 0xffffff01U;

class nvml_control {
public:
    /// The GPU with this PCI bus id ("dddd:bb:dd.f"), else this UUID, else the machine's only
    /// NVIDIA GPU, from `library`. Null when the library, its entry points or the GPU are
    /// missing; `why` then says which.
    static std::unique_ptr<nvml_control> open(const std::string& library,
                                              const std::optional<std::string>& pci_bus,
                                              const std::optional<std::string>& uuid,
                                              std::string& why);
    ~nvml_control();
    nvml_control(const nvml_control&) = delete;
    nvml_control& operator=(const nvml_control&) = delete;
    nvml_control(nvml_control&&) = delete;
    nvml_control& operator=(nvml_control&&) = delete;

    /// The GPU's UUID as NVML writes it ("GPU-..."): what a lock file names it by.
    [[nodiscard]] const std::string& uuid() const { return uuid_; }
    [[nodiscard]] const std::string& library() const { return library_; }

    /// Locks the SM clock to [min_mhz, max_mhz] (nvmlDeviceSetGpuLockedClocks).
    nvml_status lock_clocks(unsigned min_mhz, unsigned max_mhz);
    nvml_status reset_clocks();
    /// Locks the memory clock to [min_mhz, max_mhz] (nvmlDeviceSetMemoryLockedClocks).
    nvml_status lock_memory_clocks(unsigned min_mhz, unsigned max_mhz);
    nvml_status reset_memory_clocks();
    /// The power limit in milliwatts now (nvmlDeviceGetPowerManagementLimit).
    nvml_status power_limit_mw(unsigned& mw);
    nvml_status set_power_limit_mw(unsigned mw);
    /// The highest SM clock (nvmlDeviceGetMaxClockInfo).
    nvml_status max_clock_mhz(unsigned& mhz);
    /// The GPU's temperature and its slowdown threshold (NVML_TEMPERATURE_THRESHOLD_SLOWDOWN).
    nvml_status temperature_c(unsigned& c);
    nvml_status slowdown_c(unsigned& c);

    struct api; ///< the entry points, looked up by name (nvml_control.cpp)

private:
    nvml_control(void* lib, std::unique_ptr<api> a, void* dev, std::string uuid,
                 std::string library);
    void* lib_;
    std::unique_ptr<api> api_;
    void* dev_;
    std::string uuid_;
    std::string library_;
};

/// Whether NVML controls `d` (and reads its temperature for the cool-down): an NVIDIA GPU; any
/// device with GRP_TEST_CONTROL_ANY_DEVICE=1 (the tests run on PoCL's CPU device against a
/// stand-in NVML).
bool nvml_controls(const device_info& d);

/// The NVML library to load: GRP_NVML_LIBRARY when set (the tests' stand-in), else
/// libnvidia-ml.so.1.
std::string nvml_library_from_env();

} // namespace grp
