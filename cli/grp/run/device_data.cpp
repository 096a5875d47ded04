#include "grp/run/device_data.hpp"

namespace grp::run {

const device_input& device_data_cache::get(element_type t, data_layout l, std::uint64_t n,
                                           value_kind kind) {
    auto key = std::make_tuple(t, l, n, kind);
    if (auto it = m_data.find(key); it != m_data.end()) {
        return it->second;
    }
    auto host = make_host_data(t, l, n, m_seed, kind);
    std::uint64_t bytes = 0;
    for (const auto& b : host.buffers) {
        bytes += b.size();
    }
    if (m_used + bytes > m_budget) {
        m_data.clear();
        m_used = 0;
    }
    device_input in;
    in.exact_sum = host.exact_sum;
    in.abs_sum = host.abs_sum;
    in.bytes = bytes;
    try {
        for (auto& b : host.buffers) {
            in.buffers.emplace_back(m_session.context(), CL_MEM_READ_ONLY, b.size());
            m_session.queue().enqueueWriteBuffer(in.buffers.back(), CL_TRUE, 0, b.size(), b.data());
        }
    } catch (const cl::Error& e) {
        throw ocl::wrap("uploading " + std::to_string(bytes) + " bytes of " + to_string(t) + "/" +
                            to_string(l) + " input",
                        e);
    }
    m_used += bytes;
    return m_data.emplace(key, std::move(in)).first->second;
}

} // namespace grp::run
