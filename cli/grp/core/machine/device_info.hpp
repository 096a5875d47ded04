// What we know about one OpenCL device: the facts a tuner needs, read once by ocl/enumerate and
// carried into profiles. Plain data with no OpenCL types, so reports and compare can use it
// without a driver. A fact the driver could not report is an empty optional ("unavailable").
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

struct device_info {
    // Position in this machine's enumeration: not stable across machines, so never a key.
    int index = 0;          ///< flat index over all platforms
    int platform_index = 0; ///< P in P:D
    int device_index = 0;   ///< D in P:D

    std::string platform_name;
    std::string platform_vendor;
    std::string platform_version;

    std::string name;
    std::string vendor;
    std::string type; ///< "gpu", "cpu", "accelerator", "custom" or a combination
    std::optional<std::string> device_version;
    std::optional<std::string> driver_version;
    std::optional<std::string> opencl_c_version;
    std::optional<std::string> uuid;    ///< cl_khr_device_uuid, hex
    std::optional<std::string> pci_bus; ///< cl_khr_pci_bus_info, "domain:bus:device.function"

    std::optional<std::uint32_t> compute_units;
    std::optional<std::uint32_t> max_clock_mhz;
    std::optional<std::uint64_t> max_work_group_size;
    std::vector<std::uint64_t> max_work_item_sizes;
    std::optional<std::string> local_mem_type; ///< "local" (dedicated) or "global"
    std::optional<std::uint64_t> local_mem_bytes;
    std::optional<std::uint64_t> global_mem_bytes;
    std::optional<std::uint64_t> global_cache_bytes;
    std::optional<std::uint32_t> global_cacheline_bytes;
    std::optional<std::uint64_t> max_alloc_bytes;
    /// A CPU's default size in bytes as `run` measured it (the read's knee, model/plan/
    /// size_knee.hpp); not a driver fact and not written to profiles. Empty: not measured.
    std::optional<std::uint64_t> measured_default_bytes;
    /// CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE of a small probe kernel (as clinfo does).
    std::optional<std::uint64_t> preferred_work_group_multiple;
    bool subgroups = false; ///< cl_khr_subgroups or cl_intel_subgroups, or OpenCL 3 sub-groups
    std::optional<std::uint32_t> max_sub_groups;
    bool fp64 = false;
    /// Device-side enqueue (OpenCL C 2.x `enqueue_kernel`): mandatory in OpenCL 2.0-2.2,
    /// optional in 3.0 (CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES), absent before 2.0: what the
    /// driver reports (NVIDIA's reports none yet runs children), so run refuses kernels that
    /// use it on every device.
    bool device_enqueue = false;
    std::optional<std::uint64_t> timer_resolution_ns;
    std::vector<std::string> extensions;

    [[nodiscard]] bool has_extension(const std::string& ext) const;
    [[nodiscard]] bool is_gpu() const { return type.find("gpu") != std::string::npos; }
};

void to_json(nlohmann::ordered_json& j, const device_info& d);
void from_json(const nlohmann::ordered_json& j, device_info& d);

} // namespace grp
