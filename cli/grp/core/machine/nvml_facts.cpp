#include "grp/core/machine/nvml_facts.hpp"

#include "grp/core/machine/sensors/nvml.hpp"
#include "grp/core/machine/sensors/nvml_enums.hpp"

#include <array>
#include <cstring>
#include <dlfcn.h>
#include <functional>

namespace grp {

namespace {

using nvml_device = void*;
using nvml_rc = int; // nvmlReturn_t: 0 is NVML_SUCCESS

template <typename F> F symbol(void* lib, const char* name) {
    return reinterpret_cast<F>(dlsym(lib, name)); // NOLINT: dlsym gives a function's address
}

/// NVML's return code in words: the reason a fact is unknown.
std::string rc_text(const char* call, nvml_rc rc) {
    switch (rc) {
    case 3:
        return std::string(call) + ": not supported on this GPU";
    case 4:
        return std::string(call) + ": no permission";
    default:
        return std::string(call) + " failed (NVML error " + std::to_string(rc) + ")";
    }
}

std::string missing(const char* call) {
    return std::string("this libnvidia-ml has no ") + call + " (an older driver)";
}

/// The device's queries, each giving a fact from the library's answer or its reason.
class reader {
public:
    reader(void* lib, nvml_device dev) : m_lib(lib), m_dev(dev) {}

    /// A number the call writes into an unsigned, divided by `scale`.
    condition_fact number(const std::string& name, const char* call, double scale = 1) {
        auto f = symbol<nvml_rc (*)(nvml_device, unsigned*)>(m_lib, call);
        unsigned v = 0;
        return answer(name, call, f ? f(m_dev, &v) : -1, [&] {
            return scale == 1 ? nlohmann::ordered_json(v) : nlohmann::ordered_json(v / scale);
        });
    }
    /// A clock of `type` (SM or memory) from a call taking the clock type.
    condition_fact clock(const std::string& name, const char* call, int type) {
        auto f = symbol<nvml_rc (*)(nvml_device, int, unsigned*)>(m_lib, call);
        unsigned v = 0;
        return answer(name, call, f ? f(m_dev, type, &v) : -1,
                      [&] { return nlohmann::ordered_json(v); });
    }
    /// An enabled/disabled state (the current of current and pending where the call gives both).
    condition_fact state(const std::string& name, const char* call, bool pending) {
        int current = 0, later = 0;
        nvml_rc rc = -1;
        if (pending) {
            auto f = symbol<nvml_rc (*)(nvml_device, int*, int*)>(m_lib, call);
            rc = f ? f(m_dev, &current, &later) : -1;
        } else {
            auto f = symbol<nvml_rc (*)(nvml_device, int*)>(m_lib, call);
            rc = f ? f(m_dev, &current) : -1;
        }
        return answer(name, call, rc,
                      [&] { return nlohmann::ordered_json(current ? "enabled" : "disabled"); });
    }
    condition_fact compute_mode() {
        static const std::array<const char*, 4> names = {"default", "exclusive_thread",
                                                         "prohibited", "exclusive_process"};
        auto f = symbol<nvml_rc (*)(nvml_device, int*)>(m_lib, "nvmlDeviceGetComputeMode");
        int v = 0;
        return answer("compute_mode", "nvmlDeviceGetComputeMode", f ? f(m_dev, &v) : -1, [&] {
            return nlohmann::ordered_json(v >= 0 && v < 4 ? names[static_cast<std::size_t>(v)]
                                                          : "mode " + std::to_string(v));
        });
    }
    /// A text the call writes into a buffer (read up to its NUL, never past the buffer).
    condition_fact text(const std::string& name, const char* call, bool device = true) {
        std::array<char, 128> buf{};
        nvml_rc rc = -1;
        const auto len = static_cast<unsigned>(buf.size() - 1); // the last byte stays NUL
        if (device) {
            auto f = symbol<nvml_rc (*)(nvml_device, char*, unsigned)>(m_lib, call);
            rc = f ? f(m_dev, buf.data(), len) : -1;
        } else {
            auto f = symbol<nvml_rc (*)(char*, unsigned)>(m_lib, call);
            rc = f ? f(buf.data(), len) : -1;
        }
        return answer(name, call, rc,
                      [&] { return nlohmann::ordered_json(std::string(buf.data())); });
    }
    condition_fact cuda_version() {
        const char* call = "nvmlSystemGetCudaDriverVersion_v2";
        auto f = symbol<nvml_rc (*)(int*)>(m_lib, call);
        int v = 0;
        return answer("cuda_driver_version", call, f ? f(&v) : -1, [&] {
            return nlohmann::ordered_json(std::to_string(v / 1000) + "." +
                                          std::to_string(v % 1000 / 10));
        });
    }

private:
    static condition_fact answer(const std::string& name, const char* call, nvml_rc rc,
                                 const std::function<nlohmann::ordered_json()>& value) {
        if (rc == -1) {
            return unknown_fact(name, missing(call));
        }
        return rc == 0 ? known_fact(name, value()) : unknown_fact(name, rc_text(call, rc));
    }
    void* m_lib;
    nvml_device m_dev;
};

std::vector<condition_fact> read_all(reader& r) {
    return {
        r.text("board_name", "nvmlDeviceGetName"),
        r.text("board_part_number", "nvmlDeviceGetBoardPartNumber"),
        r.text("vbios", "nvmlDeviceGetVbiosVersion"),
        r.text("driver_version", "nvmlSystemGetDriverVersion", false),
        r.cuda_version(),
        r.number("power_limit_w", "nvmlDeviceGetPowerManagementLimit", 1000),
        r.number("enforced_power_limit_w", "nvmlDeviceGetEnforcedPowerLimit", 1000),
        r.state("ecc", "nvmlDeviceGetEccMode", true),
        r.state("persistence", "nvmlDeviceGetPersistenceMode", false),
        r.state("mig", "nvmlDeviceGetMigMode", true),
        r.compute_mode(),
        r.clock("applications_sm_mhz", "nvmlDeviceGetApplicationsClock", nvml_enum::clock_sm),
        r.clock("applications_memory_mhz", "nvmlDeviceGetApplicationsClock", nvml_enum::clock_mem),
        r.clock("default_applications_sm_mhz", "nvmlDeviceGetDefaultApplicationsClock",
                nvml_enum::clock_sm),
        r.clock("default_applications_memory_mhz", "nvmlDeviceGetDefaultApplicationsClock",
                nvml_enum::clock_mem),
        unknown_fact("locked_clocks", "NVML has no call that reads locked clocks "
                                      "(nvmlDeviceSetGpuLockedClocks has no getter)"),
        r.number("pcie_gen", "nvmlDeviceGetCurrPcieLinkGeneration"),
        r.number("pcie_width", "nvmlDeviceGetCurrPcieLinkWidth"),
        r.number("pcie_max_gen", "nvmlDeviceGetMaxPcieLinkGeneration"),
        r.number("pcie_max_width", "nvmlDeviceGetMaxPcieLinkWidth")};
}

/// The device with this bus id or UUID; on a machine with one NVIDIA GPU, that one.
nvml_device find_gpu(void* lib, const std::optional<std::string>& pci_bus,
                     const std::optional<std::string>& uuid) {
    nvml_device dev = nullptr;
    auto by_bus =
        symbol<nvml_rc (*)(const char*, nvml_device*)>(lib, "nvmlDeviceGetHandleByPciBusId_v2");
    if (auto id = pci_bus ? nvml_bus_id(*pci_bus) : std::nullopt;
        id && by_bus && by_bus(id->c_str(), &dev) == 0) {
        return dev;
    }
    auto count = symbol<nvml_rc (*)(unsigned*)>(lib, "nvmlDeviceGetCount_v2");
    auto by_index =
        symbol<nvml_rc (*)(unsigned, nvml_device*)>(lib, "nvmlDeviceGetHandleByIndex_v2");
    auto get_uuid = symbol<nvml_rc (*)(nvml_device, char*, unsigned)>(lib, "nvmlDeviceGetUUID");
    unsigned n = 0;
    if (!count || !by_index || count(&n) != 0) {
        return nullptr;
    }
    for (unsigned i = 0; uuid && get_uuid && i < n; ++i) {
        std::array<char, 96> text{};
        if (by_index(i, &dev) == 0 && get_uuid(dev, text.data(), text.size() - 1) == 0 &&
            uuid_digits(text.data()) == uuid_digits(*uuid)) {
            return dev;
        }
    }
    return n == 1 && by_index(0, &dev) == 0 ? dev : nullptr;
}

} // namespace

const std::vector<std::string>& nvml_fact_names() {
    static const std::vector<std::string> names = {"board_name",
                                                   "board_part_number",
                                                   "vbios",
                                                   "driver_version",
                                                   "cuda_driver_version",
                                                   "power_limit_w",
                                                   "enforced_power_limit_w",
                                                   "ecc",
                                                   "persistence",
                                                   "mig",
                                                   "compute_mode",
                                                   "applications_sm_mhz",
                                                   "applications_memory_mhz",
                                                   "default_applications_sm_mhz",
                                                   "default_applications_memory_mhz",
                                                   "locked_clocks",
                                                   "pcie_gen",
                                                   "pcie_width",
                                                   "pcie_max_gen",
                                                   "pcie_max_width"};
    return names;
}

std::vector<condition_fact> unknown_gpu_facts(const std::string& why) {
    std::vector<condition_fact> out;
    for (const auto& name : nvml_fact_names()) {
        out.push_back(unknown_fact(name, why));
    }
    return out;
}

std::vector<condition_fact> nvml_facts(const std::optional<std::string>& pci_bus,
                                       const std::optional<std::string>& uuid,
                                       const std::string& library) {
    void* lib = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
        const char* why = dlerror();
        return unknown_gpu_facts("no NVML: " + library + " could not be loaded (" +
                                 (why ? why : "not found") + ")");
    }
    auto init = symbol<nvml_rc (*)()>(lib, "nvmlInit_v2");
    auto shutdown = symbol<nvml_rc (*)()>(lib, "nvmlShutdown");
    if (!init || !shutdown || init() != 0) {
        dlclose(lib);
        return unknown_gpu_facts("no NVML: " + library + " loaded, but nvmlInit_v2 failed");
    }
    std::vector<condition_fact> out;
    if (nvml_device dev = find_gpu(lib, pci_bus, uuid)) {
        reader r(lib, dev);
        out = read_all(r);
    } else {
        out = unknown_gpu_facts("NVML lists no GPU with the OpenCL device's PCI bus id or UUID");
    }
    shutdown();
    dlclose(lib);
    return out;
}

} // namespace grp
