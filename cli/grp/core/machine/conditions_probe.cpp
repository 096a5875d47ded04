#include "grp/core/machine/conditions_probe.hpp"

#include "grp/core/machine/nvml_facts.hpp"
#include "grp/core/machine/sensors/open.hpp"

#include <cstdlib>

namespace grp {

conditions_settings conditions_settings_from_env() {
    conditions_settings s;
    s.root = conditions_root_from_env();
    if (const char* v = std::getenv("GRP_NVML_LIBRARY"); v && *v) {
        s.nvml = v;
    }
    return s;
}

device_conditions probe_conditions(const device_info& dev, const conditions_settings& s) {
    device_conditions c;
    c.facts = is_nvidia(dev) ? nvml_facts(dev.pci_bus, dev.uuid, s.nvml)
                             : unknown_gpu_facts("no NVML: not an NVIDIA GPU (a " + dev.type +
                                                 " device of " + dev.vendor + ")");
    for (auto& f : host_facts(s.root)) {
        c.facts.push_back(std::move(f));
    }
    c.facts.push_back(unknown_fact("steal_pct", "measured over a run only"));
    // A device that is also a CPU (Oclgrind says gpu+cpu+accelerator) runs on the host's cores.
    const bool own_chip = dev.is_gpu() && dev.type.find("cpu") == std::string::npos;
    c.key_facts = own_chip ? gpu_key_facts() : cpu_key_facts();
    return c;
}

void finish_conditions(device_conditions& c, const std::optional<steal_ticks>& start,
                       const conditions_settings& s) {
    auto steal = steal_fact(start, read_steal_ticks(s.root));
    for (auto& f : c.facts) {
        if (f.name == steal.name) {
            f = std::move(steal);
            return;
        }
    }
    c.facts.push_back(std::move(steal));
}

} // namespace grp
