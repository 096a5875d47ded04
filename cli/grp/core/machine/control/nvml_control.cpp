#include "grp/core/machine/control/nvml_control.hpp"

#include "grp/core/machine/sensors/nvml.hpp"
#include "grp/core/machine/sensors/nvml_enums.hpp"

#include <array>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

namespace grp {

namespace {

using nvml_device = void*;
using nvml_rc = int;

template <typename F> void bind(void* lib, F& f, const char* name) {
    f = reinterpret_cast<F>(dlsym(lib, name)); // NOLINT: dlsym gives a function's address
}

/// A call through an entry point the library may lack: NVML's "function not found" (13).
template <typename F, typename... A> nvml_status call(F f, A... args) {
    return {f != nullptr ? f(args...) : 13};
}

} // namespace

struct nvml_control::api {
    nvml_rc (*init)() = nullptr;
    nvml_rc (*shutdown)() = nullptr;
    nvml_rc (*by_bus)(const char*, nvml_device*) = nullptr;
    nvml_rc (*by_uuid)(const char*, nvml_device*) = nullptr;
    nvml_rc (*count)(unsigned*) = nullptr;
    nvml_rc (*by_index)(unsigned, nvml_device*) = nullptr;
    nvml_rc (*uuid)(nvml_device, char*, unsigned) = nullptr;
    nvml_rc (*lock)(nvml_device, unsigned, unsigned) = nullptr;
    nvml_rc (*reset)(nvml_device) = nullptr;
    nvml_rc (*lock_mem)(nvml_device, unsigned, unsigned) = nullptr;
    nvml_rc (*reset_mem)(nvml_device) = nullptr;
    nvml_rc (*get_limit)(nvml_device, unsigned*) = nullptr;
    nvml_rc (*set_limit)(nvml_device, unsigned) = nullptr;
    nvml_rc (*max_clock)(nvml_device, int, unsigned*) = nullptr;
    nvml_rc (*temperature)(nvml_device, int, unsigned*) = nullptr;
    nvml_rc (*threshold)(nvml_device, int, unsigned*) = nullptr;

    explicit api(void* lib) {
        bind(lib, init, "nvmlInit_v2");
        bind(lib, shutdown, "nvmlShutdown");
        bind(lib, by_bus, "nvmlDeviceGetHandleByPciBusId_v2");
        bind(lib, by_uuid, "nvmlDeviceGetHandleByUUID");
        bind(lib, count, "nvmlDeviceGetCount_v2");
        bind(lib, by_index, "nvmlDeviceGetHandleByIndex_v2");
        bind(lib, uuid, "nvmlDeviceGetUUID");
        bind(lib, lock, "nvmlDeviceSetGpuLockedClocks");
        bind(lib, reset, "nvmlDeviceResetGpuLockedClocks");
        bind(lib, lock_mem, "nvmlDeviceSetMemoryLockedClocks");
        bind(lib, reset_mem, "nvmlDeviceResetMemoryLockedClocks");
        bind(lib, get_limit, "nvmlDeviceGetPowerManagementLimit");
        bind(lib, set_limit, "nvmlDeviceSetPowerManagementLimit");
        bind(lib, max_clock, "nvmlDeviceGetMaxClockInfo");
        bind(lib, temperature, "nvmlDeviceGetTemperature");
        bind(lib, threshold, "nvmlDeviceGetTemperatureThreshold");
    }
};

namespace {

/// The GPU by bus id, else UUID (OpenCL's 32 hex digits against each GPU's), else the only one.
nvml_device find_gpu(const nvml_control::api& a, const std::optional<std::string>& pci_bus,
                     const std::optional<std::string>& uuid) {
    nvml_device dev = nullptr;
    if (pci_bus && a.by_bus) {
        if (auto id = nvml_bus_id(*pci_bus); id && a.by_bus(id->c_str(), &dev) == 0) {
            return dev;
        }
    }
    unsigned n = 0;
    if (!a.count || !a.by_index || !a.uuid || a.count(&n) != 0) {
        return nullptr;
    }
    for (unsigned i = 0; uuid && i < n; ++i) {
        std::array<char, 96> text{};
        if (a.by_index(i, &dev) == 0 &&
            a.uuid(dev, text.data(), static_cast<unsigned>(text.size() - 1)) == 0 &&
            uuid_digits(text.data()) == uuid_digits(*uuid)) {
            return dev;
        }
    }
    return n == 1 && a.by_index(0, &dev) == 0 ? dev : nullptr;
}

} // namespace

std::string nvml_status::text() const {
    switch (code) {
    case 0:
        return "";
    case 1:
        return "NVML_ERROR_UNINITIALIZED (1)";
    case 2:
        return "NVML_ERROR_INVALID_ARGUMENT (2)";
    case 3:
        return "NVML_ERROR_NOT_SUPPORTED (3)";
    case 4:
        return "NVML_ERROR_NO_PERMISSION (4)";
    case 13:
        return "NVML_ERROR_FUNCTION_NOT_FOUND (13): the library lacks the call";
    default:
        return "NVML error " + std::to_string(code);
    }
}

std::unique_ptr<nvml_control> nvml_control::open(const std::string& library,
                                                 const std::optional<std::string>& pci_bus,
                                                 const std::optional<std::string>& uuid,
                                                 std::string& why) {
    void* lib = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
        const char* e = dlerror();
        why = "no NVML: " + library + " could not be loaded (" + (e ? e : "not found") + ")";
        return nullptr;
    }
    auto a = std::make_unique<api>(lib);
    if (!a->init || !a->shutdown || a->init() != 0) {
        dlclose(lib);
        why = "no NVML: " + library + " loaded, but nvmlInit_v2 failed";
        return nullptr;
    }
    nvml_device dev = find_gpu(*a, pci_bus, uuid);
    std::array<char, 96> text{};
    if (dev == nullptr || a->uuid(dev, text.data(), static_cast<unsigned>(text.size() - 1)) != 0) {
        a->shutdown();
        dlclose(lib);
        why = "NVML lists no GPU with the OpenCL device's PCI bus id or UUID";
        return nullptr;
    }
    return std::unique_ptr<nvml_control>(
        new nvml_control(lib, std::move(a), dev, text.data(), library));
}

nvml_control::nvml_control(void* lib, std::unique_ptr<api> a, void* dev, std::string uuid,
                           std::string library)
    : lib_(lib), api_(std::move(a)), dev_(dev), uuid_(std::move(uuid)),
      library_(std::move(library)) {}

nvml_control::~nvml_control() {
    api_->shutdown();
    dlclose(lib_);
}

nvml_status nvml_control::lock_clocks(unsigned min_mhz, unsigned max_mhz) {
    return call(api_->lock, dev_, min_mhz, max_mhz);
}
nvml_status nvml_control::reset_clocks() {
    return call(api_->reset, dev_);
}
nvml_status nvml_control::lock_memory_clocks(unsigned min_mhz, unsigned max_mhz) {
    return call(api_->lock_mem, dev_, min_mhz, max_mhz);
}
nvml_status nvml_control::reset_memory_clocks() {
    return call(api_->reset_mem, dev_);
}
nvml_status nvml_control::power_limit_mw(unsigned& mw) {
    return call(api_->get_limit, dev_, &mw);
}
nvml_status nvml_control::set_power_limit_mw(unsigned mw) {
    return call(api_->set_limit, dev_, mw);
}
nvml_status nvml_control::max_clock_mhz(unsigned& mhz) {
    return call(api_->max_clock, dev_, nvml_enum::clock_sm, &mhz);
}
nvml_status nvml_control::temperature_c(unsigned& c) {
    return call(api_->temperature, dev_, nvml_enum::temperature_gpu, &c);
}
nvml_status nvml_control::slowdown_c(unsigned& c) {
    return call(api_->threshold, dev_, nvml_enum::threshold_slowdown, &c);
}

bool nvml_controls(const device_info& d) {
    const char* any = std::getenv("GRP_TEST_CONTROL_ANY_DEVICE"); // NOLINT(concurrency-mt-unsafe)
    const auto has = [](const std::string& s) {
        return s.find("NVIDIA") != std::string::npos;
    };
    return (any != nullptr && std::string(any) == "1") ||
           (d.is_gpu() && (has(d.vendor) || has(d.platform_vendor) || has(d.platform_name)));
}

std::string nvml_library_from_env() {
    const char* v = std::getenv("GRP_NVML_LIBRARY"); // NOLINT(concurrency-mt-unsafe)
    return v != nullptr && *v != '\0' ? v : nvml_library;
}

} // namespace grp
