#include "grp/ocl/enumerate.hpp"

#include <cstdio>
#include <sstream>

namespace grp::ocl {

namespace {

const char* no_platform_help =
    "No OpenCL platform found. The OpenCL ICD loader found no driver to load.\n"
    "Fix: install one. On Debian/Ubuntu, 'apt-get install pocl-opencl-icd' gives a CPU device; "
    "a GPU needs its vendor's OpenCL driver (an .icd file in /etc/OpenCL/vendors, or a folder "
    "named by OCL_ICD_VENDORS). 'clinfo -l' shows what the loader sees.";

// Scalar query through the C API: a driver error becomes nullopt rather than an exception.
template <typename T> std::optional<T> query(cl_device_id id, cl_device_info what) {
    T value{};
    if (clGetDeviceInfo(id, what, sizeof(T), &value, nullptr) != CL_SUCCESS) {
        return std::nullopt;
    }
    return value;
}

std::optional<std::string> query_string(cl_device_id id, cl_device_info what) {
    size_t size = 0;
    if (clGetDeviceInfo(id, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) {
        return std::nullopt;
    }
    std::string s(size, '\0');
    if (clGetDeviceInfo(id, what, size, s.data(), nullptr) != CL_SUCCESS) {
        return std::nullopt;
    }
    while (!s.empty() && (s.back() == '\0' || s.back() == ' ')) {
        s.pop_back();
    }
    return s;
}

std::string platform_string(cl_platform_id id, cl_platform_info what) {
    size_t size = 0;
    if (clGetPlatformInfo(id, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) {
        return "unavailable";
    }
    std::string s(size, '\0');
    clGetPlatformInfo(id, what, size, s.data(), nullptr);
    while (!s.empty() && s.back() == '\0') {
        s.pop_back();
    }
    return s;
}

std::string type_name(cl_device_type t) {
    std::string out;
    auto add = [&](cl_device_type bit, const char* name) {
        if ((t & bit) != 0) {
            out += out.empty() ? name : std::string("+") + name;
        }
    };
    add(CL_DEVICE_TYPE_GPU, "gpu");
    add(CL_DEVICE_TYPE_CPU, "cpu");
    add(CL_DEVICE_TYPE_ACCELERATOR, "accelerator");
    add(CL_DEVICE_TYPE_CUSTOM, "custom");
    return out.empty() ? "unknown" : out;
}

std::vector<std::string> split_words(const std::string& s) {
    std::istringstream is(s);
    std::vector<std::string> out;
    for (std::string w; is >> w;) {
        out.push_back(w);
    }
    return out;
}

std::string hex(const unsigned char* bytes, size_t n) {
    std::string s;
    char buf[3];
    for (size_t i = 0; i < n; ++i) {
        std::snprintf(buf, sizeof buf, "%02x", bytes[i]);
        s += buf;
    }
    return s;
}

std::optional<std::uint64_t> probe_preferred_multiple(const cl::Device& dev) {
    try {
        return preferred_multiple(cl::Context(dev), dev);
    } catch (const cl::Error&) {
        return std::nullopt;
    }
}

// Which physical device it is: its UUID and PCI bus address, where the driver has the
// extensions that tell them (d.extensions must be read first).
void read_physical_ids(cl_device_id id, device_info& d) {
    if (d.has_extension("cl_khr_device_uuid")) {
        unsigned char uuid[CL_UUID_SIZE_KHR] = {};
        if (clGetDeviceInfo(id, CL_DEVICE_UUID_KHR, sizeof uuid, uuid, nullptr) == CL_SUCCESS) {
            d.uuid = hex(uuid, sizeof uuid);
        }
    }
    if (d.has_extension("cl_khr_pci_bus_info")) {
        cl_device_pci_bus_info_khr bus{};
        if (clGetDeviceInfo(id, CL_DEVICE_PCI_BUS_INFO_KHR, sizeof bus, &bus, nullptr) ==
            CL_SUCCESS) {
            char text[40];
            std::snprintf(text, sizeof text, "%04x:%02x:%02x.%x", bus.pci_domain, bus.pci_bus,
                          bus.pci_device, bus.pci_function);
            d.pci_bus = text;
        }
    }
}

// Whether kernels on the device can enqueue child kernels: every OpenCL 2.x device can (it must
// report on-device queues), a 3.0 device only where its capabilities say so, a 1.x device never.
bool reads_device_enqueue(cl_device_id id, const std::optional<std::string>& version) {
    int major = 0;
    if (!version || std::sscanf(version->c_str(), "OpenCL %d.", &major) != 1) {
        return false;
    }
    if (major == 2) {
        return query<cl_uint>(id, CL_DEVICE_MAX_ON_DEVICE_QUEUES).value_or(1) > 0;
    }
    return major >= 3 &&
           (query<cl_device_device_enqueue_capabilities>(id, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES)
                .value_or(0) &
            CL_DEVICE_QUEUE_SUPPORTED) != 0;
}

device_info read_info(const cl::Device& dev, bool probe) {
    cl_device_id id = dev();
    device_info d;
    d.name = query_string(id, CL_DEVICE_NAME).value_or("unavailable");
    d.vendor = query_string(id, CL_DEVICE_VENDOR).value_or("unavailable");
    d.type = type_name(query<cl_device_type>(id, CL_DEVICE_TYPE).value_or(0));
    d.device_version = query_string(id, CL_DEVICE_VERSION);
    d.driver_version = query_string(id, CL_DRIVER_VERSION);
    d.opencl_c_version = query_string(id, CL_DEVICE_OPENCL_C_VERSION);
    d.extensions = split_words(query_string(id, CL_DEVICE_EXTENSIONS).value_or(""));
    read_physical_ids(id, d);
    d.compute_units = query<cl_uint>(id, CL_DEVICE_MAX_COMPUTE_UNITS);
    d.max_clock_mhz = query<cl_uint>(id, CL_DEVICE_MAX_CLOCK_FREQUENCY);
    d.max_work_group_size = query<size_t>(id, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    if (auto dims = query<cl_uint>(id, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS); dims && *dims < 16) {
        std::vector<size_t> sizes(*dims);
        if (clGetDeviceInfo(id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizes.size() * sizeof(size_t),
                            sizes.data(), nullptr) == CL_SUCCESS) {
            d.max_work_item_sizes.assign(sizes.begin(), sizes.end());
        }
    }
    if (auto t = query<cl_device_local_mem_type>(id, CL_DEVICE_LOCAL_MEM_TYPE)) {
        d.local_mem_type = *t == CL_LOCAL ? "local" : (*t == CL_GLOBAL ? "global" : "none");
    }
    d.local_mem_bytes = query<cl_ulong>(id, CL_DEVICE_LOCAL_MEM_SIZE);
    d.global_mem_bytes = query<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_SIZE);
    d.global_cache_bytes = query<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE);
    d.global_cacheline_bytes = query<cl_uint>(id, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE);
    d.max_alloc_bytes = query<cl_ulong>(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    d.timer_resolution_ns = query<size_t>(id, CL_DEVICE_PROFILING_TIMER_RESOLUTION);
    auto fp = query<cl_device_fp_config>(id, CL_DEVICE_DOUBLE_FP_CONFIG).value_or(0);
    d.fp64 = fp != 0 || d.has_extension("cl_khr_fp64");
    d.device_enqueue = reads_device_enqueue(id, d.device_version);
    d.max_sub_groups = query<cl_uint>(id, CL_DEVICE_MAX_NUM_SUB_GROUPS);
    if (d.max_sub_groups && *d.max_sub_groups == 0) {
        d.max_sub_groups.reset();
    }
    d.subgroups = d.has_extension("cl_khr_subgroups") || d.has_extension("cl_intel_subgroups") ||
                  d.max_sub_groups.has_value();
    if (probe) {
        d.preferred_work_group_multiple = probe_preferred_multiple(dev);
    }
    return d;
}

} // namespace

std::optional<std::uint64_t> preferred_multiple(const cl::Context& ctx, const cl::Device& dev) {
    // clinfo's trick: the preferred multiple is a kernel property, so build a trivial kernel.
    try {
        cl::Program prog(ctx, "__kernel void grp_probe(__global int* p) { p[get_global_id(0)] = "
                              "(int)get_local_id(0); }");
        prog.build({dev});
        cl::Kernel k(prog, "grp_probe");
        return k.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(dev);
    } catch (const cl::Error&) {
        return std::nullopt;
    }
}

std::vector<device_handle> enumerate_devices(bool probe) {
    std::vector<cl::Platform> platforms;
    try {
        cl::Platform::get(&platforms);
    } catch (const cl::Error& e) {
        if (e.err() == CL_PLATFORM_NOT_FOUND_KHR) {
            throw opencl_error(no_platform_help);
        }
        throw wrap("clGetPlatformIDs", e);
    }
    if (platforms.empty()) {
        throw opencl_error(no_platform_help);
    }
    std::vector<device_handle> out;
    std::string empty; // the platforms without a device, named for the error below
    int flat = 0;
    for (size_t p = 0; p < platforms.size(); ++p) {
        std::vector<cl::Device> devices;
        try {
            platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &devices);
        } catch (const cl::Error&) {
            devices.clear(); // a platform with no device (CL_DEVICE_NOT_FOUND) is not an error
        }
        if (devices.empty()) { // named in the error below
            empty +=
                (empty.empty() ? "" : ", ") + platform_string(platforms[p](), CL_PLATFORM_NAME);
        }
        for (size_t d = 0; d < devices.size(); ++d) {
            device_handle h{devices[d], read_info(devices[d], probe)};
            h.info.index = flat++;
            h.info.platform_index = static_cast<int>(p);
            h.info.device_index = static_cast<int>(d);
            h.info.platform_name = platform_string(platforms[p](), CL_PLATFORM_NAME);
            h.info.platform_vendor = platform_string(platforms[p](), CL_PLATFORM_VENDOR);
            h.info.platform_version = platform_string(platforms[p](), CL_PLATFORM_VERSION);
            out.push_back(std::move(h));
        }
    }
    if (out.empty()) {
        throw opencl_error(
            "OpenCL platforms exist but none has a device: " + empty +
            ".\nFix: install a driver with a device ('apt-get install pocl-opencl-icd' gives a "
            "CPU device), or enable one: Mesa's rusticl lists devices only with "
            "RUSTICL_ENABLE set (e.g. RUSTICL_ENABLE=llvmpipe). 'clinfo -l' shows what the "
            "loader sees.");
    }
    return out;
}

std::vector<device_handle> select(const std::vector<device_selector>& selectors, bool probe) {
    auto all = enumerate_devices(probe);
    std::vector<device_info> infos;
    infos.reserve(all.size());
    for (const auto& h : all) {
        infos.push_back(h.info);
    }
    std::vector<device_handle> out;
    for (const auto& chosen : select_devices(selectors, infos)) {
        out.push_back(all[static_cast<size_t>(chosen.index)]);
    }
    return out;
}

} // namespace grp::ocl
