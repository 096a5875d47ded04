// Waiting for the device with a deadline. A launch that never completes (a user's kernel that
// loops forever, a driver that never finishes one shape) would otherwise hold clFinish or
// clWaitForEvents forever, and a hung launch cannot be cancelled in OpenCL. Every wait of a
// run goes through here: a marker's completion callback wakes a condition variable, so the
// wait costs no CPU (a busy poll would take a core from a CPU device's launch), and past the
// deadline the handler the run set decides what happens; it never returns to the driver call.
#pragma once

#include "grp/ocl/cl.hpp"

#include <functional>

namespace grp::ocl {

/// Runs on the waiting thread when a wait passes the deadline (`seconds`); it should not return
/// (the run saves what finished and goes on in a fresh process). When it returns, or none is
/// set, the wait throws opencl_error.
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
