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
/// paragraph on the cause and the fix when no platform or no device exists. `probe`: also build
/// a trivial kernel on each for its preferred work-group multiple (a context per device); false
/// only reads the driver's answers (a listing that decides something before the run).
std::vector<device_handle> enumerate_devices(bool probe = true);

/// enumerate_devices(probe) filtered by the user's selectors (see device_select.hpp).
std::vector<device_handle> select(const std::vector<device_selector>& selectors, bool probe = true);

} // namespace grp::ocl
