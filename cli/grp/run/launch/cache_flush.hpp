// The untimed flush before a cold launch chain (run --cache cold, cache_mode.hpp): tool.cl's
// flush_write then flush_read over a scratch buffer of cache_flush_bytes(device), then a wait
// for the queue, so the timed chain starts from an idle device whose last-level cache holds
// only clean scratch lines.
#pragma once

#include "grp/ocl/session.hpp"

#include <cstdint>

namespace grp::run {

class cache_flush {
public:
    /// Allocates the scratch and builds the flush kernels. Throws opencl_error.
    explicit cache_flush(ocl::session& s);

    [[nodiscard]] std::uint64_t bytes() const { return m_bytes; }

    /// Writes and reads the whole scratch, then waits. Throws cl::Error like a launch.
    void run();

private:
    ocl::session& m_session;
    std::uint64_t m_bytes;
    cl::Buffer m_scratch, m_sink;
    cl::Kernel m_write, m_read;
    std::uint32_t m_salt = 0;
};

} // namespace grp::run
