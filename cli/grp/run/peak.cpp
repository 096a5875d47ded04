#include "grp/run/peak.hpp"

#include "grp/model/kernel_catalog.hpp"
#include "grp/model/stats.hpp"

#include <algorithm>
#include <vector>

namespace grp::run {

namespace {

// Median END-START of `samples` launches (after warm-up) of `k` with the given grid.
double median_ns(ocl::session& s, cl::Kernel& k, std::uint64_t global, std::uint64_t local,
                 const measure_options& m) {
    std::vector<std::uint64_t> times;
    const std::uint64_t samples = 10; // the median of 10 is stable for a streaming kernel
    for (std::uint64_t i = 0; i < m.warmup + samples; ++i) {
        cl::Event e;
        s.queue().enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(local),
                                       nullptr, &e);
        e.wait();
        auto st = ocl::read_stamps(e);
        if (i >= m.warmup && check_stamps(st, 0).empty()) {
            times.push_back(st.end - st.start);
        }
    }
    return times.empty() ? 0.0 : summarize(times).median_ns;
}

} // namespace

peak_bandwidth measure_peak(ocl::session& s, const measure_options& m, std::uint64_t bytes) {
    const auto& d = s.info();
    if (d.max_alloc_bytes) {
        bytes = std::min<std::uint64_t>(bytes, *d.max_alloc_bytes / 2);
    }
    bytes = bytes / 16 * 16;
    const auto n4 = static_cast<cl_uint>(bytes / 16);
    const std::uint64_t local = std::min<std::uint64_t>(256, d.max_work_group_size.value_or(256));
    const std::uint64_t cus = d.compute_units.value_or(1);
    try {
        std::vector<float> host(bytes / 4, 1.0f);
        cl::Buffer in(s.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host.data());
        cl::Buffer out(s.context(), CL_MEM_WRITE_ONLY, bytes);
        auto source = builtin_source("peak.cl");
        auto read = s.kernel(source, "", "stream_read");
        auto copy = s.kernel(source, "", "stream_copy");
        for (auto* k : {&read, &copy}) {
            k->setArg(0, in);
            k->setArg(1, out);
            k->setArg(2, n4);
        }
        peak_bandwidth p;
        p.bytes = bytes;
        // Occupancy differs by device: keep the best of a few grid sizes, as achievable peak.
        for (std::uint64_t per_cu : {4, 16, 64}) {
            std::uint64_t global = per_cu * cus * local;
            double r = median_ns(s, read, global, local, m);
            double c = median_ns(s, copy, global, local, m);
            if (r > 0 && (p.read_median_ns == 0 || r < p.read_median_ns)) {
                p.read_median_ns = r;
            }
            if (c > 0 && (p.copy_median_ns == 0 || c < p.copy_median_ns)) {
                p.copy_median_ns = c;
            }
        }
        p.read_gbps = p.read_median_ns > 0 ? static_cast<double>(bytes) / p.read_median_ns : 0;
        p.copy_gbps =
            p.copy_median_ns > 0 ? 2.0 * static_cast<double>(bytes) / p.copy_median_ns : 0;
        return p;
    } catch (const cl::Error& e) {
        throw ocl::wrap("measuring peak bandwidth on '" + d.name + "'", e);
    }
}

} // namespace grp::run
