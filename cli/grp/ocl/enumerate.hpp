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

/// The device's CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, from a trivial kernel built in
/// `ctx` (the probe's kernel; a run's session probes in its own context, so the run pays for
/// one context, not two: 0.15 s on the H200); empty when the build or the query fails.
std::optional<std::uint64_t> preferred_multiple(const cl::Context& ctx, const cl::Device& dev);

/// enumerate_devices(probe) filtered by the user's selectors (see device_select.hpp).
std::vector<device_handle> select(const std::vector<device_selector>& selectors, bool probe = true);

} // namespace grp::ocl
