// The single include point for OpenCL-CLHPP, with our configuration, plus helpers that turn
// cl::Error into grp::opencl_error with context ("clEnqueueNDRangeKernel(reduce3, wg=512):
// CL_INVALID_WORK_GROUP_SIZE (-54)"). Only files under grp/ocl and grp/run include this.
#pragma once

#include "grp/core/error.hpp"

#include <CL/opencl.hpp>
#include <string>

namespace grp::ocl {

/// "CL_INVALID_WORK_GROUP_SIZE" for -54; "CL error" for codes we do not know.
const char* error_name(cl_int code);

/// An opencl_error whose message is "CONTEXT: NAME (CODE)" plus a hint where we have one.
opencl_error wrap(const std::string& context, const cl::Error& e);

} // namespace grp::ocl
