// Waiting for the device with a deadline. A launch that never completes (a user's kernel that
// loops forever, a driver that never finishes one shape) would otherwise hold clFinish or
// clWaitForEvents forever, and a hung launch cannot be cancelled in OpenCL. Every wait of a
// run goes through here: the waiting thread makes the driver's own blocking call, marked in a
// slot a watchdog thread looks at a few times per deadline; past the deadline the watchdog
// runs the handler the run set, and the waiting thread never returns to the caller. A wait
// costs two atomic stores and an uncontended lock. (A marker's completion callback, the first
// design, cost NVIDIA's OpenCL driver about 20 ms a wait: the H200's default run took 53 s
// instead of 3.)
#pragma once

#include "grp/ocl/cl.hpp"

#include <functional>

namespace grp::ocl {

/// Runs on the watchdog thread when a wait passes the deadline (`seconds`), while the waiting
/// thread is still inside the driver; it should not return (the run saves what finished and goes
/// on in a fresh process). When it returns, or none is set, the process ends with exit code 3.
using hang_handler = std::function<void(double seconds)>;

/// Every later wait_for / finish_queue of this process waits at most `seconds` (0: no
/// deadline, as clFinish), then calls `on_hang`.
void set_wait_deadline(double seconds, hang_handler on_hang);

/// Waits until `e` completes, at most the deadline. Throws cl::Error
/// (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) when the command failed.
void wait_for(const cl::Event& e);

/// Waits until every command enqueued on `q` so far completes (clFinish with the deadline).
void finish_queue(cl::CommandQueue& q);

} // namespace grp::ocl
