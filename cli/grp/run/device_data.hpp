// Input data on the device: generated on the host once per (type, layout, n), uploaded, and
// kept while cases reuse it; the host keeps only the reference sums, not the bytes.
#pragma once

#include "grp/model/host_data.hpp"
#include "grp/ocl/session.hpp"

#include <map>
#include <tuple>
#include <vector>

namespace grp::run {

struct device_input {
    std::vector<cl::Buffer> buffers;    ///< 1 (flat, aos) or 3 (soa)
    std::vector<long double> exact_sum; ///< per component
    std::vector<long double> abs_sum;
    std::uint64_t bytes = 0;
};

class device_data_cache {
public:
    device_data_cache(ocl::session& s, std::uint64_t seed, std::uint64_t budget_bytes)
        : m_session(s), m_seed(seed), m_budget(budget_bytes) {}

    /// The uploaded input for a point; evicts everything else first when over budget.
    /// Throws opencl_error when the device cannot hold it.
    const device_input& get(element_type t, data_layout l, std::uint64_t n, value_kind kind);

private:
    ocl::session& m_session;
    std::uint64_t m_seed;
    std::uint64_t m_budget;
    std::uint64_t m_used = 0;
    std::map<std::tuple<element_type, data_layout, std::uint64_t, value_kind>, device_input> m_data;
};

} // namespace grp::run
