#include "grp/run/launch/peak.hpp"

#include "grp/core/checked_math.hpp"
#include "grp/core/element_type.hpp"
#include "grp/model/measure/case_metrics.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/spec/kernel_spec.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/ocl/device_wait.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/phase_clock.hpp"
#include "grp/run/run_options.hpp"
#include "grp/run/run_record.hpp"

#include <algorithm>
#include <set>
#include <vector>

namespace grp::run {

namespace {

// The peak's search is bounded in time (on PoCL it took 6.8 s of the default run's 72, most of
// it in GPU-shaped reads and copies 2-10x slower than the best shape, at up to 0.2 s a
// launch): after judged_after samples a shape stops once its samples took shape_budget_ns, or
// once their fastest is hopeless_ratio x the best shape so far (it cannot win).
constexpr double hopeless_ratio = 1.25;
constexpr std::size_t judged_after = 2;
constexpr double shape_budget_ns = 0.1e9;

bool shape_done(const std::vector<std::uint64_t>& times, double best_ns) {
    if (times.size() < judged_after) {
        return false;
    }
    double sum = 0;
    for (const auto t : times) {
        sum += static_cast<double>(t);
    }
    const auto fastest = static_cast<double>(*std::min_element(times.begin(), times.end()));
    return sum >= shape_budget_ns || (best_ns > 0 && fastest > hopeless_ratio * best_ns);
}

// Median END-START of up to 10 launches (after warm-up) of `k` with the given grid, fewer when
// shape_done says so.
double median_ns(ocl::session& s, cl::Kernel& k, std::uint64_t global, std::uint64_t local,
                 const measure_options& m, double best_ns = 0) {
    std::vector<std::uint64_t> times;
    const std::uint64_t samples = 10; // the median of 10 is stable for a streaming kernel
    for (std::uint64_t i = 0; i < m.warmup + samples && !shape_done(times, best_ns); ++i) {
        const auto st = s.time_launch([&] {
            cl::Event e;
            s.queue().enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global),
                                           cl::NDRange(local), nullptr, &e);
            return e;
        });
        if (i >= m.warmup && check_stamps(st, 0).empty()) {
            times.push_back(st.end - st.start);
        }
    }
    return times.empty() ? 0.0 : summarize(times).median_ns;
}

std::string shape_name(const read_shape& r) {
    return r.kernel + " (global " + std::to_string(r.global) + ", local " +
           std::to_string(r.local) + ")";
}

} // namespace

std::vector<read_shape> read_shapes(const device_info& d) {
    const std::uint64_t local = std::min<std::uint64_t>(256, d.max_work_group_size.value_or(256));
    const std::uint64_t cus = d.compute_units.value_or(1);
    std::vector<read_shape> out;
    if (device_class(d.type) == "cpu") { // a work-group is one thread: one stream per item
        for (std::uint64_t per_cu : {1, 2, 4}) {
            out.push_back({"chunk_read", per_cu * cus, 1});
        }
        // reduce_chunk's own shape: one group per compute unit, its items one after another on
        // one thread (with local size 1 only, the peak read below reduce_chunk on PoCL).
        for (std::uint64_t group : {16, 64}) {
            out.push_back({"chunk_read", group * cus, group});
        }
    }
    // Occupancy differs by device: a few grid sizes of the GPU shape (after a CPU's own shapes,
    // which win there: the GPU shapes are then cut short, median_ns).
    for (std::uint64_t per_cu : {4, 16, 64}) {
        out.push_back({"stream_read", per_cu * cus * local, local});
    }
    return out;
}

namespace {

// The device buffers of a peak measurement: `bytes` of 1.0f and an output as large.
struct peak_buffers {
    cl::Buffer in, out;
};

peak_buffers make_buffers(ocl::session& s, std::uint64_t bytes) {
    peak_buffers b{cl::Buffer(s.context(), CL_MEM_READ_ONLY, bytes),
                   cl::Buffer(s.context(), CL_MEM_WRITE_ONLY, bytes)};
    // Filled on the device: no host copy of the buffer to make and upload.
    s.queue().enqueueFillBuffer(b.in, cl_float{1.0f}, 0, bytes);
    ocl::finish_queue(s.queue());
    return b;
}

// Times the read shapes; keeps the best median in p (read_median_ns, read_shape, read_gbps)
// when it beats what p holds. Returns whether it did.
bool best_read(ocl::session& s, const measure_options& m, const peak_buffers& b,
               const std::vector<read_shape>& shapes, peak_bandwidth& p) {
    const auto source = builtin_source("peak.cl");
    bool improved = false;
    for (const auto& shape : shapes) {
        auto read = s.kernel(source, "", shape.kernel);
        read.setArg(0, b.in);
        read.setArg(1, b.out);
        read.setArg(2, static_cast<cl_uint>(p.bytes / (shape.kernel == "chunk_read" ? 64 : 16)));
        const double r = median_ns(s, read, shape.global, shape.local, m, p.read_median_ns);
        if (r > 0 && (p.read_median_ns == 0 || r < p.read_median_ns)) {
            p.read_median_ns = r;
            p.read_shape = shape_name(shape);
            improved = true;
        }
    }
    p.read_gbps = p.read_median_ns > 0 ? static_cast<double>(p.bytes) / p.read_median_ns : 0;
    return improved;
}

} // namespace

peak_bandwidth measure_peak(ocl::session& s, const measure_options& m, std::uint64_t bytes) {
    const auto& d = s.info();
    if (d.max_alloc_bytes) {
        bytes = std::min<std::uint64_t>(bytes, *d.max_alloc_bytes / 2);
    }
    bytes = std::max<std::uint64_t>(64, bytes / 64 * 64); // whole float16s for chunk_read
    const std::uint64_t local = std::min<std::uint64_t>(256, d.max_work_group_size.value_or(256));
    const std::uint64_t cus = d.compute_units.value_or(1);
    try {
        const auto b = make_buffers(s, bytes);
        peak_bandwidth p;
        p.bytes = bytes;
        best_read(s, m, b, read_shapes(d), p);
        auto copy = s.kernel(builtin_source("peak.cl"), "", "stream_copy");
        copy.setArg(0, b.in);
        copy.setArg(1, b.out);
        copy.setArg(2, static_cast<cl_uint>(bytes / 16));
        for (std::uint64_t per_cu : {4, 16, 64}) {
            const double c = median_ns(s, copy, per_cu * cus * local, local, m, p.copy_median_ns);
            if (c > 0 && (p.copy_median_ns == 0 || c < p.copy_median_ns)) {
                p.copy_median_ns = c;
            }
        }
        p.copy_gbps =
            p.copy_median_ns > 0 ? 2.0 * static_cast<double>(bytes) / p.copy_median_ns : 0;
        return p;
    } catch (const cl::Error& e) {
        throw ocl::wrap("measuring peak bandwidth on '" + d.name + "'", e);
    }
}

peak_probe::peak_probe(ocl::session& s, const measure_options& m, peak_bandwidth& p)
    : m_session(s), m_measure(m), m_peak(p) {
    std::uint64_t widest = 0;
    for (const auto& shape : read_shapes(s.info())) {
        // The winner first: with fewer bursts than shapes, the likeliest ones are retimed.
        m_shapes.insert(shape_name(shape) == p.read_shape ? m_shapes.begin() : m_shapes.end(),
                        shape);
        widest = std::max(widest, shape.global);
    }
    if (p.read_shape.empty() || p.bytes == 0) {
        m_shapes.clear(); // nothing won: no probe
        return;
    }
    try {
        m_in = cl::Buffer(s.context(), CL_MEM_READ_ONLY, p.bytes);
        s.queue().enqueueFillBuffer(m_in, cl_float{1.0f}, 0, p.bytes);
        // The read kernels write out[global id] only if the sum is -1: never, but in bounds.
        m_out = cl::Buffer(s.context(), CL_MEM_WRITE_ONLY, widest * sizeof(cl_float));
        for (const auto& shape : m_shapes) {
            m_kernels.push_back(s.kernel(builtin_source("peak.cl"), "", shape.kernel));
            m_kernels.back().setArg(0, m_in);
            m_kernels.back().setArg(1, m_out);
            m_kernels.back().setArg(
                2, static_cast<cl_uint>(p.bytes / (shape.kernel == "chunk_read" ? 64 : 16)));
        }
        ocl::finish_queue(s.queue());
    } catch (const cl::Error& e) {
        throw ocl::wrap("preparing the peak probe on '" + s.info().name + "'", e);
    }
}

double peak_probe::burst(std::size_t i, double best_ns) {
    const auto& shape = m_shapes[i];
    try {
        return median_ns(m_session, m_kernels[i], shape.global, shape.local, m_measure, best_ns);
    } catch (const cl::Error& e) {
        throw ocl::wrap("timing the peak probe on '" + m_session.info().name + "'", e);
    }
}

bool peak_probe::sample() {
    // The peak's own shape is timed every round (read_in_round): the others take turns here.
    for (std::size_t tries = 0; tries < m_shapes.size(); ++tries) {
        const std::size_t i = m_next++ % m_shapes.size();
        if (shape_name(m_shapes[i]) == m_peak.read_shape && m_shapes.size() > 1) {
            continue;
        }
        const double r = burst(i, m_peak.read_median_ns);
        if (!(r > 0) || r >= m_peak.read_median_ns) {
            return false;
        }
        m_peak.read_median_ns = r;
        m_peak.read_gbps = static_cast<double>(m_peak.bytes) / r;
        m_peak.read_shape = shape_name(m_shapes[i]);
        return true;
    }
    return false;
}

std::optional<double> peak_probe::read_in_round() {
    for (std::size_t i = 0; i < m_shapes.size(); ++i) {
        if (shape_name(m_shapes[i]) != m_peak.read_shape) {
            continue;
        }
        // Never cut short as hopeless: a slow read is this round's roof, not a losing shape.
        const double r = burst(i, 0);
        if (!(r > 0)) {
            return std::nullopt;
        }
        if (r < m_peak.read_median_ns) {
            m_peak.read_median_ns = r;
            m_peak.read_gbps = static_cast<double>(m_peak.bytes) / r;
        }
        return static_cast<double>(m_peak.bytes) / r;
    }
    return std::nullopt;
}

std::vector<read_roof> measure_roofs(ocl::session& s, const measure_options& m,
                                     const std::vector<std::uint64_t>& sizes) {
    std::uint64_t largest = 0;
    for (const auto b : sizes) {
        largest = std::max(largest, b / 64 * 64);
    }
    std::vector<read_roof> out;
    if (largest == 0) {
        return out;
    }
    try {
        const auto b = make_buffers(s, largest);
        for (const auto bytes : sizes) {
            peak_bandwidth p;
            p.bytes = bytes / 64 * 64; // whole float16s for chunk_read
            if (p.bytes > 0 && best_read(s, m, b, read_shapes(s.info()), p)) {
                out.push_back({bytes, p.read_gbps, p.read_median_ns, p.read_shape});
            }
        }
    } catch (const cl::Error& e) {
        throw ocl::wrap("measuring read roofs on '" + s.info().name + "'", e);
    }
    return out;
}

std::vector<std::uint64_t> roof_sizes(const std::vector<sweep_point>& points,
                                      std::uint64_t peak_bytes) {
    std::set<std::uint64_t> sizes;
    for (const auto& pt : points) {
        const auto bytes = saturating_mul(pt.n, record_bytes(pt.layout, pt.type));
        if (bytes < peak_bytes) {
            sizes.insert(bytes);
        }
    }
    return {sizes.begin(), sizes.end()};
}

void recheck_roofs(ocl::session& s, const measure_options& m, profile& p, int device_index) {
    std::set<std::uint64_t> sizes;
    for (const auto& c : p.cases) {
        if (c.device == device_index && c.status == case_status::implausible) {
            sizes.insert(c.bytes);
        }
    }
    if (sizes.empty() || interrupted()) {
        return;
    }
    auto& dev = p.devices.at(static_cast<std::size_t>(device_index));
    keep_best_roofs(dev.roofs, measure_roofs(s, m, {sizes.begin(), sizes.end()}));
    for (auto& c : p.cases) {
        if (c.device == device_index) {
            derive_metrics(c, dev);
        }
    }
}

void device_peak(const run_options& opt, ocl::session& session, int device_index,
                 const std::vector<sweep_point>& points, const device_info& info,
                 phase_clock& phases, const progress_sink& progress, profile_device& dev) {
    if (opt.measure_peak) {
        auto t = phases.time("peak");
        dev.peak = measure_peak(session, opt.measure, sweep_peak_bytes(opt, points, info));
        dev.roofs = measure_roofs(session, opt.measure, roof_sizes(points, dev.peak->bytes));
        if (progress.peak_measured) {
            progress.peak_measured(info, *dev.peak);
        }
    } else if (const auto known = opt.known_peaks.find(device_index);
               known != opt.known_peaks.end()) {
        dev.peak = known->second;
    }
}

} // namespace grp::run
