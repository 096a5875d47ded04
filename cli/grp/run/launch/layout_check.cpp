#include "grp/run/launch/layout_check.hpp"

#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/ocl/device_wait.hpp"

#include <array>

namespace grp::run {

nlohmann::ordered_json check_layout_sizes(ocl::session& s) {
    std::array<cl_uint, 6> dev{};
    try {
        auto k = s.kernel(builtin_source("layout.cl"), "", "layout_sizes");
        cl::Buffer out(s.context(), CL_MEM_WRITE_ONLY, sizeof dev);
        k.setArg(0, out);
        s.queue().enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
        s.queue().enqueueReadBuffer(out, CL_FALSE, 0, sizeof dev, dev.data());
        ocl::finish_queue(s.queue());
    } catch (const cl::Error& e) {
        throw ocl::wrap("layout_sizes", e);
    }
    const std::array<cl_uint, 4> host = {sizeof(host_rec12), alignof(host_rec12),
                                         sizeof(host_rec16), alignof(host_rec16)};
    nlohmann::ordered_json j = {{"device",
                                 {{"aos12_size", dev[0]},
                                  {"aos12_align", dev[1]},
                                  {"aos16_size", dev[2]},
                                  {"aos16_align", dev[3]},
                                  {"float3_size", dev[4]},
                                  {"float4_size", dev[5]}}},
                                {"host",
                                 {{"aos12_size", host[0]},
                                  {"aos12_align", host[1]},
                                  {"aos16_size", host[2]},
                                  {"aos16_align", host[3]}}}};
    // The device may align the packed struct more loosely, never differently in size.
    if (dev[0] != host[0] || dev[2] != host[2] || dev[3] != host[3]) {
        throw verification_error("device '" + s.info().name +
                                 "' disagrees on record layout: " + j.dump() +
                                 ". Timing aos12/aos16 here would measure a different "
                                 "layout than the one named; report this driver.");
    }
    return j;
}

} // namespace grp::run
