// Enumerates OpenCL platforms and devices and reads every fact of device_info, tolerating
// drivers that fail individual queries (the fact becomes "unavailable", never a crash).
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/model/plan/device_select.hpp"
#include "grp/ocl/cl.hpp"

#include <vector>

namespace grp::ocl {

struct device_handle {
    cl::Device device;
    device_info info;
};

/// Every device of every platform, in enumeration order. Throws opencl_error (exit 3) with a
/// paragraph on the cause and the fix when no platform or no device exists.
std::vector<device_handle> enumerate_devices();

/// enumerate_devices() filtered by the user's selectors (see device_select.hpp).
std::vector<device_handle> select(const std::vector<device_selector>& selectors);

} // namespace grp::ocl
