#include "grp/core/machine/sensors/nvml.hpp"

#include "grp/core/machine/sensors/nvml_enums.hpp"

#include <array>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>

namespace grp {

namespace {

using nvml_device = void*;
using nvml_rc = int; // nvmlReturn_t: 0 is NVML_SUCCESS

/// The NVML entry points this backend calls, looked up by name (nvml.h is not needed).
struct nvml_api {
    nvml_rc (*init)() = nullptr;
    nvml_rc (*shutdown)() = nullptr;
    nvml_rc (*by_bus)(const char*, nvml_device*) = nullptr;
    nvml_rc (*count)(unsigned*) = nullptr;
    nvml_rc (*by_index)(unsigned, nvml_device*) = nullptr;
    nvml_rc (*uuid)(nvml_device, char*, unsigned) = nullptr;
    nvml_rc (*name)(nvml_device, char*, unsigned) = nullptr;
    nvml_rc (*clock)(nvml_device, int, unsigned*) = nullptr;
    nvml_rc (*max_clock)(nvml_device, int, unsigned*) = nullptr;
    nvml_rc (*temperature)(nvml_device, int, unsigned*) = nullptr;
    nvml_rc (*power)(nvml_device, unsigned*) = nullptr;
    nvml_rc (*energy)(nvml_device, unsigned long long*) = nullptr;
    nvml_rc (*reasons)(nvml_device, unsigned long long*) = nullptr;
};

template <typename F> void bind(void* lib, F& f, const char* name) {
    f = reinterpret_cast<F>(dlsym(lib, name)); // NOLINT: dlsym gives a function's address
}

nvml_api load_api(void* lib) {
    nvml_api a;
    bind(lib, a.init, "nvmlInit_v2");
    bind(lib, a.shutdown, "nvmlShutdown");
    bind(lib, a.by_bus, "nvmlDeviceGetHandleByPciBusId_v2");
    bind(lib, a.count, "nvmlDeviceGetCount_v2");
    bind(lib, a.by_index, "nvmlDeviceGetHandleByIndex_v2");
    bind(lib, a.uuid, "nvmlDeviceGetUUID");
    bind(lib, a.name, "nvmlDeviceGetName");
    bind(lib, a.clock, "nvmlDeviceGetClockInfo");
    bind(lib, a.max_clock, "nvmlDeviceGetMaxClockInfo");
    bind(lib, a.temperature, "nvmlDeviceGetTemperature");
    bind(lib, a.power, "nvmlDeviceGetPowerUsage");
    bind(lib, a.energy, "nvmlDeviceGetTotalEnergyConsumption");
    bind(lib, a.reasons, "nvmlDeviceGetCurrentClocksEventReasons");
    if (a.reasons == nullptr) {
        bind(lib, a.reasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
    }
    return a;
}

class nvml_source final : public sensor_source {
public:
    nvml_source(void* lib, nvml_api api, nvml_device dev, sensor_description d)
        : lib_(lib), api_(api), dev_(dev), desc_(std::move(d)) {}
    ~nvml_source() override {
        api_.shutdown();
        dlclose(lib_);
    }
    nvml_source(const nvml_source&) = delete;
    nvml_source& operator=(const nvml_source&) = delete;
    nvml_source(nvml_source&&) = delete;
    nvml_source& operator=(nvml_source&&) = delete;

    sensor_reading read() override {
        auto r = read_quick();
        unsigned long long mj = 0;
        if (api_.energy && api_.energy(dev_, &mj) == 0) {
            r.energy_uj = static_cast<std::uint64_t>(mj) * 1000;
        }
        return r;
    }

    sensor_reading read_quick() override {
        sensor_reading r;
        r.t_s = sensor_now_s();
        unsigned v = 0;
        if (api_.clock && api_.clock(dev_, nvml_enum::clock_sm, &v) == 0) {
            r.clock_mhz = v;
        }
        if (api_.clock && api_.clock(dev_, nvml_enum::clock_mem, &v) == 0) {
            r.mem_clock_mhz = v;
        }
        if (api_.temperature && api_.temperature(dev_, nvml_enum::temperature_gpu, &v) == 0) {
            r.temperature_c = v;
        }
        if (api_.power && api_.power(dev_, &v) == 0) {
            r.power_w = v / 1000.0;
        }
        unsigned long long big = 0;
        if (api_.reasons && api_.reasons(dev_, &big) == 0) {
            r.reasons = static_cast<std::uint32_t>(big & 0xffU); // NVML's bits 0-7 are ours
        }
        return r;
    }
    [[nodiscard]] const sensor_description& description() const override { return desc_; }

private:
    void* lib_;
    nvml_api api_;
    nvml_device dev_;
    sensor_description desc_;
};

/// A string NVML wrote into `buf`: up to its NUL, never past the buffer (a driver, or a
/// stand-in library, may fill it without one).
template <std::size_t N> std::string nvml_text(const std::array<char, N>& buf) {
    return {buf.data(), ::strnlen(buf.data(), N)};
}

/// The NVML device matching the bus id or UUID; on a machine with one GPU, that one.
nvml_device find_device(const nvml_api& a, const std::optional<std::string>& pci_bus,
                        const std::optional<std::string>& uuid, std::string& how) {
    nvml_device dev = nullptr;
    if (pci_bus && a.by_bus) {
        if (auto id = nvml_bus_id(*pci_bus); id && a.by_bus(id->c_str(), &dev) == 0) {
            how = *id;
            return dev;
        }
    }
    unsigned n = 0;
    if (!a.count || !a.by_index || a.count(&n) != 0) {
        return nullptr;
    }
    for (unsigned i = 0; i < n; ++i) {
        std::array<char, 96> text{};
        if (a.by_index(i, &dev) != 0 || !a.uuid ||
            a.uuid(dev, text.data(), static_cast<unsigned>(text.size())) != 0) {
            continue;
        }
        if (uuid && uuid_digits(nvml_text(text)) == uuid_digits(*uuid)) {
            how = nvml_text(text);
            return dev;
        }
    }
    if (n == 1 && a.by_index(0, &dev) == 0) {
        how = "the machine's only NVIDIA GPU: neither PCI bus id nor UUID matched";
        return dev;
    }
    return nullptr;
}

/// What the device answers now: the fields that work are found, the others lacking.
void describe(const nvml_api& a, nvml_device dev, sensor_description& d) {
    unsigned v = 0;
    unsigned long long big = 0;
    const auto check = [&d](bool ok, const char* what, const char* why) {
        (ok ? d.found : d.lacking).emplace_back(ok ? what : std::string(what) + ": " + why);
    };
    check(a.clock && a.clock(dev, nvml_enum::clock_sm, &v) == 0, "clock",
          "nvmlDeviceGetClockInfo failed");
    check(a.clock && a.clock(dev, nvml_enum::clock_mem, &v) == 0, "mem_clock", "not reported");
    check(a.temperature && a.temperature(dev, nvml_enum::temperature_gpu, &v) == 0, "temperature",
          "nvmlDeviceGetTemperature failed");
    check(a.power && a.power(dev, &v) == 0, "power", "nvmlDeviceGetPowerUsage failed");
    check(a.energy && a.energy(dev, &big) == 0, "energy",
          "no total energy counter (before Volta, or not exposed)");
    check(a.reasons && a.reasons(dev, &big) == 0, "reasons", "no clocks event reasons");
    if (a.max_clock && a.max_clock(dev, nvml_enum::clock_sm, &v) == 0) {
        d.max_clock_mhz = v;
    }
}

} // namespace

std::string uuid_digits(const std::string& uuid) {
    std::string out;
    const auto start = uuid.rfind("GPU-", 0) == 0 ? 4U : 0U;
    for (std::size_t i = start; i < uuid.size(); ++i) {
        if (std::isxdigit(static_cast<unsigned char>(uuid[i])) != 0) {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(uuid[i])));
        }
    }
    return out;
}

std::optional<std::string> nvml_bus_id(const std::string& pci_bus) {
    unsigned domain = 0, bus = 0, device = 0, function = 0;
    char tail = 0;
    if (std::sscanf(pci_bus.c_str(), "%x:%x:%x.%x%c", &domain, &bus, &device, &function, &tail) !=
        4) {
        return std::nullopt;
    }
    std::array<char, 32> text{};
    std::snprintf(text.data(), text.size(), "%08x:%02x:%02x.%x", domain, bus, device, function);
    return std::string(text.data());
}

sensor_handle open_nvml(const std::optional<std::string>& pci_bus,
                        const std::optional<std::string>& uuid, const std::string& library) {
    void* lib = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
        const char* why = dlerror();
        return no_sensor("every sensor: " + library + " could not be loaded (" +
                         (why ? why : "not found") + ")");
    }
    const auto api = load_api(lib);
    if (!api.init || !api.shutdown || api.init() != 0) {
        dlclose(lib);
        return no_sensor("every sensor: " + library + " loaded, but nvmlInit_v2 failed");
    }
    std::string how;
    nvml_device dev = find_device(api, pci_bus, uuid, how);
    if (dev == nullptr) {
        api.shutdown();
        dlclose(lib);
        return no_sensor(
            "every sensor: NVML lists no GPU with the OpenCL device's PCI bus id or UUID");
    }
    sensor_handle h;
    h.description.backend = "nvml";
    std::array<char, 96> name{};
    const bool named =
        api.name && api.name(dev, name.data(), static_cast<unsigned>(name.size())) == 0;
    h.description.device = (named ? nvml_text(name) + " " : std::string()) + "(" + how + ")";
    describe(api, dev, h.description);
    h.source = std::make_unique<nvml_source>(lib, api, dev, h.description);
    return h;
}

} // namespace grp
