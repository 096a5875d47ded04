#include "grp/core/machine/device_info.hpp"

#include <algorithm>

namespace grp {

namespace {

template <typename T> nlohmann::ordered_json opt(const std::optional<T>& v) {
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

template <typename T>
void read_opt(const nlohmann::ordered_json& j, const char* key, std::optional<T>& out) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
        out.reset();
    } else {
        out = it->template get<T>();
    }
}

} // namespace

bool device_info::has_extension(const std::string& ext) const {
    return std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
}

void to_json(nlohmann::ordered_json& j, const device_info& d) {
    j = nlohmann::ordered_json{
        {"index", d.index},
        {"platform_index", d.platform_index},
        {"device_index", d.device_index},
        {"platform",
         {{"name", d.platform_name},
          {"vendor", d.platform_vendor},
          {"version", d.platform_version}}},
        {"name", d.name},
        {"vendor", d.vendor},
        {"type", d.type},
        {"device_version", opt(d.device_version)},
        {"driver_version", opt(d.driver_version)},
        {"opencl_c_version", opt(d.opencl_c_version)},
        {"uuid", opt(d.uuid)},
        {"pci_bus", opt(d.pci_bus)},
        {"compute_units", opt(d.compute_units)},
        {"max_clock_mhz", opt(d.max_clock_mhz)},
        {"max_work_group_size", opt(d.max_work_group_size)},
        {"max_work_item_sizes", d.max_work_item_sizes},
        {"local_mem_type", opt(d.local_mem_type)},
        {"local_mem_bytes", opt(d.local_mem_bytes)},
        {"global_mem_bytes", opt(d.global_mem_bytes)},
        {"global_cache_bytes", opt(d.global_cache_bytes)},
        {"global_cacheline_bytes", opt(d.global_cacheline_bytes)},
        {"max_alloc_bytes", opt(d.max_alloc_bytes)},
        {"preferred_work_group_multiple", opt(d.preferred_work_group_multiple)},
        {"subgroups", d.subgroups},
        {"max_sub_groups", opt(d.max_sub_groups)},
        {"fp64", d.fp64},
        {"device_enqueue", d.device_enqueue},
        {"timer_resolution_ns", opt(d.timer_resolution_ns)},
        {"extensions", d.extensions},
    };
}

void from_json(const nlohmann::ordered_json& j, device_info& d) {
    d.index = j.value("index", 0);
    d.platform_index = j.value("platform_index", 0);
    d.device_index = j.value("device_index", 0);
    if (auto p = j.find("platform"); p != j.end() && p->is_object()) {
        d.platform_name = p->value("name", "");
        d.platform_vendor = p->value("vendor", "");
        d.platform_version = p->value("version", "");
    }
    d.name = j.value("name", "");
    d.vendor = j.value("vendor", "");
    d.type = j.value("type", "");
    read_opt(j, "device_version", d.device_version);
    read_opt(j, "driver_version", d.driver_version);
    read_opt(j, "opencl_c_version", d.opencl_c_version);
    read_opt(j, "uuid", d.uuid);
    read_opt(j, "pci_bus", d.pci_bus);
    read_opt(j, "compute_units", d.compute_units);
    read_opt(j, "max_clock_mhz", d.max_clock_mhz);
    read_opt(j, "max_work_group_size", d.max_work_group_size);
    d.max_work_item_sizes = j.value("max_work_item_sizes", std::vector<std::uint64_t>{});
    read_opt(j, "local_mem_type", d.local_mem_type);
    read_opt(j, "local_mem_bytes", d.local_mem_bytes);
    read_opt(j, "global_mem_bytes", d.global_mem_bytes);
    read_opt(j, "global_cache_bytes", d.global_cache_bytes);
    read_opt(j, "global_cacheline_bytes", d.global_cacheline_bytes);
    read_opt(j, "max_alloc_bytes", d.max_alloc_bytes);
    read_opt(j, "preferred_work_group_multiple", d.preferred_work_group_multiple);
    d.subgroups = j.value("subgroups", false);
    read_opt(j, "max_sub_groups", d.max_sub_groups);
    d.fp64 = j.value("fp64", false);
    d.device_enqueue = j.value("device_enqueue", false);
    read_opt(j, "timer_resolution_ns", d.timer_resolution_ns);
    d.extensions = j.value("extensions", std::vector<std::string>{});
}

} // namespace grp
