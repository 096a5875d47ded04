#include "grp/run/launch/cache_flush.hpp"

#include "grp/model/plan/cache_mode.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/ocl/device_wait.hpp"
#include "grp/run/launch/input_store.hpp"

#include <algorithm>

namespace grp::run {

cache_flush::cache_flush(ocl::session& s) : m_session(s), m_bytes(cache_flush_bytes(s.info())) {
    try {
        m_scratch = cl::Buffer(s.context(), CL_MEM_READ_WRITE, m_bytes);
        m_sink = cl::Buffer(s.context(), CL_MEM_READ_WRITE, sizeof(cl_uint));
    } catch (const cl::Error& e) {
        throw ocl::wrap("allocating the " + std::to_string(m_bytes >> 20) +
                            " MiB cold-cache scratch (run --cache warm needs none)",
                        e);
    }
    const std::string tool(builtin_source("tool.cl"));
    m_write = s.kernel(tool, "", "flush_write");
    m_read = s.kernel(tool, "", "flush_read");
}

void cache_flush::run() {
    const auto words = static_cast<cl_ulong>(m_bytes / 4);
    const auto [global, local] = streaming_grid(m_session.info(), words, m_session.loop_limit());
    ++m_salt; // new values every flush: no write can be skipped as unchanged
    m_write.setArg(0, m_scratch);
    m_write.setArg(1, words);
    m_write.setArg(2, static_cast<cl_uint>(m_salt));
    m_read.setArg(0, m_scratch);
    m_read.setArg(1, words);
    m_read.setArg(2, cl_uint{0x9e3779b9U});
    m_read.setArg(3, m_sink);
    auto& q = m_session.queue();
    q.enqueueNDRangeKernel(m_write, cl::NullRange, cl::NDRange(global), cl::NDRange(local));
    q.enqueueNDRangeKernel(m_read, cl::NullRange, cl::NDRange(global), cl::NDRange(local));
    ocl::finish_queue(q);
}

std::unique_ptr<cache_flush> flush_for_cold_cases(ocl::session& s,
                                                  const std::vector<prepared_case>& cases) {
    const bool any = std::any_of(cases.begin(), cases.end(), [](const prepared_case& c) {
        return c.active() && c.result.key.cache == "cold";
    });
    return any ? std::make_unique<cache_flush>(s) : nullptr;
}

} // namespace grp::run
