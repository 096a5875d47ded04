// The untimed flush before a cold launch chain (run --cache cold, cache_mode.hpp): tool.cl's
// flush_write then flush_read over a scratch buffer of cache_flush_bytes(device), then a wait
// for the queue, so the timed chain starts from an idle device whose last-level cache holds
// only clean scratch lines.
#pragma once

#include "grp/ocl/session.hpp"
#include "grp/run/launch/case_setup.hpp"

#include <cstdint>
#include <memory>
#include <vector>

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

/// The flush for the cold ones among `cases` (key.cache "cold", still active); null when none.
std::unique_ptr<cache_flush> flush_for_cold_cases(ocl::session& s,
                                                  const std::vector<prepared_case>& cases);

} // namespace grp::run
