#include "grp/run/launch/launch.hpp"

#include "grp/core/build_log.hpp"
#include "grp/model/plan/pass_plan.hpp"
#include "grp/model/spec/build_options.hpp"
#include "grp/ocl/device_wait.hpp"
#include "grp/run/hang_watch.hpp"
#include "grp/run/launch/case_setup.hpp"

#include <algorithm>
#include <cstring>

namespace grp::run {

namespace {

double decode(element_type t, const unsigned char* at) {
    switch (t) {
    case element_type::int32: {
        std::int32_t v;
        std::memcpy(&v, at, 4);
        return v;
    }
    case element_type::uint32: {
        std::uint32_t v;
        std::memcpy(&v, at, 4);
        return v;
    }
    case element_type::float32: {
        float v;
        std::memcpy(&v, at, 4);
        return v;
    }
    case element_type::float64: {
        double v;
        std::memcpy(&v, at, 8);
        return v;
    }
    }
    return 0;
}

const char* role_name(kernel_arg::role r) {
    switch (r) {
    case kernel_arg::role::input:
        return "input";
    case kernel_arg::role::output:
        return "output";
    case kernel_arg::role::n:
        return "n";
    case kernel_arg::role::local:
        return "local";
    case kernel_arg::role::constant:
        return "constant";
    case kernel_arg::role::counter:
        return "counter";
    }
    return "?";
}

// What the kernel's parameter must look like for a role: the likely fix of an argument error.
const char* role_expectation(kernel_arg::role r) {
    switch (r) {
    case kernel_arg::role::input:
    case kernel_arg::role::output:
    case kernel_arg::role::counter:
        return "a __global pointer";
    case kernel_arg::role::n:
        return "an unsigned int (uint) count";
    case kernel_arg::role::local:
        return "a __local pointer";
    case kernel_arg::role::constant:
        return "a scalar of the constant's type";
    }
    return "?";
}

} // namespace

launch_chain::launch_chain(ocl::session& s, const kernel_spec& k, const sweep_point& p,
                           const std::vector<pass_info>& passes, const std::string& cl_options)
    : m_session(s), m_spec(k), m_point(p), m_key(key_of(k, p)), m_passes(passes) {
    for (std::size_t i = 0; i < passes.size(); ++i) {
        auto options = expand_build_options(k, p.type, p.local_size, passes[i].n, p.op);
        if (!cl_options.empty()) {
            options += (options.empty() ? "" : " ") + cl_options;
        }
        try {
            m_kernels.push_back(s.kernel(k.source_text, options, k.entry, k.name));
        } catch (const file_error& e) {
            throw file_error(k.spec_path + ": " + k.name + ".entry: " + e.what());
        } catch (const kernel_build_error& e) {
            throw kernel_build_error(e.what(), e.device(), e.options(),
                                     map_build_log(e.log(), k.source_path), e.raw_log());
        }
        if (i == 0) {
            m_options = options;
            // Drivers put register counts and warnings here (NVIDIA: -cl-nv-verbose).
            m_log = map_build_log(s.build_log(k.source_text, options, k.name), k.source_path);
        }
        const auto have = m_kernels.back().getInfo<CL_KERNEL_NUM_ARGS>();
        if (have != k.args.size()) {
            throw file_error(k.spec_path + ": " + k.name + ".args lists " +
                             std::to_string(k.args.size()) + " arguments, but __kernel " + k.entry +
                             " in " + k.source_path + " takes " + std::to_string(have) +
                             ": list one role per kernel parameter, in the kernel's order");
        }
    }
    if (k.finish == finish_mode::last_group) {
        m_counter = cl::Buffer(s.context(), CL_MEM_READ_WRITE, sizeof(cl_uint));
        s.queue().enqueueFillBuffer(*m_counter, cl_uint{0}, 0, sizeof(cl_uint));
    }
}

buffer_set launch_chain::make_partials(std::size_t pass) {
    const std::size_t n_buffers = m_point.layout == data_layout::soa ? 3 : 1;
    std::uint64_t records = std::max<std::uint64_t>(1, m_passes[pass].groups);
    if (pass + 1 < m_passes.size()) { // the next pass may read whole (zero-padded) groups
        records = std::max(records, padded_elements(m_spec, m_passes[pass + 1]));
    }
    const std::size_t bytes = records * record_bytes(m_point.layout, m_point.type) / n_buffers;
    buffer_set out;
    for (std::size_t i = 0; i < n_buffers; ++i) {
        out.emplace_back(m_session.context(), CL_MEM_READ_WRITE, bytes);
        m_session.queue().enqueueFillBuffer(out.back(), cl_uchar{0}, 0, bytes);
    }
    return out;
}

void launch_chain::set_args(std::size_t pass, const buffer_set& in, const buffer_set& out) {
    cl::Kernel& kern = m_kernels[pass];
    for (cl_uint i = 0; i < m_spec.args.size(); ++i) {
        const auto& a = m_spec.args[i];
        const auto slot = static_cast<std::size_t>(std::max(a.component, 0));
        try {
            switch (a.what) {
            case kernel_arg::role::input:
                kern.setArg(i, in.at(std::min(slot, in.size() - 1)));
                break;
            case kernel_arg::role::output:
                kern.setArg(i, out.at(std::min(slot, out.size() - 1)));
                break;
            case kernel_arg::role::n:
                kern.setArg(i, static_cast<cl_uint>(m_passes[pass].n));
                break;
            case kernel_arg::role::local:
                kern.setArg(i, cl::Local(m_spec.local_elems_per_item * m_point.local_size *
                                         size_of(m_point.type) * components(m_point.layout)));
                break;
            case kernel_arg::role::counter:
                kern.setArg(i, *m_counter);
                break;
            case kernel_arg::role::constant:
                if (a.const_type == "float") {
                    kern.setArg(i, static_cast<cl_float>(a.const_value));
                } else if (a.const_type == "int") {
                    kern.setArg(i, static_cast<cl_int>(a.const_value));
                } else {
                    kern.setArg(i, static_cast<cl_uint>(a.const_value));
                }
                break;
            }
        } catch (const cl::Error& e) {
            throw file_error(m_spec.spec_path + ": " + m_spec.name + ".args[" + std::to_string(i) +
                             "] is role '" + role_name(a.what) + "', but clSetKernelArg says " +
                             ocl::error_name(e.err()) + " (" + std::to_string(e.err()) +
                             "): parameter " + std::to_string(i) + " of __kernel " + m_spec.entry +
                             " should be " + role_expectation(a.what) +
                             "; check the order of \"args\" against the kernel");
        }
    }
}

void launch_chain::bind(const buffer_set& input) {
    const launch_watch watch(m_key);
    m_partials.clear();
    for (std::size_t i = 0; i < m_passes.size(); ++i) {
        m_partials.push_back(make_partials(i));
    }
    for (std::size_t i = 0; i < m_passes.size(); ++i) {
        set_args(i, i == 0 ? input : m_partials[i - 1], m_partials[i]);
    }
    ocl::finish_queue(m_session.queue());
}

void launch_chain::poison() {
    const std::size_t last = m_partials.size() - 1;
    const std::uint64_t records = std::max<std::uint64_t>(1, m_passes[last].groups);
    const std::size_t bytes =
        records * record_bytes(m_point.layout, m_point.type) / m_partials[last].size();
    for (const auto& b : m_partials[last]) {
        m_session.queue().enqueueFillBuffer(b, cl_uchar{0xFF}, 0, bytes);
    }
}

void launch_chain::run_untimed() {
    const launch_watch watch(m_key);
    poison();
    auto& q = m_session.queue();
    for (std::size_t i = 0; i < m_kernels.size(); ++i) {
        q.enqueueNDRangeKernel(m_kernels[i], cl::NullRange, cl::NDRange(m_passes[i].global_size),
                               cl::NDRange(m_passes[i].local_size));
    }
    ocl::finish_queue(q);
}

chain_timing launch_chain::run(std::uint64_t timer_resolution_ns) {
    const launch_watch watch(m_key);
    poison();
    auto& q = m_session.queue();
    std::vector<launch_stamps> stamps;
    stamps.reserve(m_kernels.size());
    if (m_session.host_timing()) { // the data's changes and the poison stay out of the bracket
        ocl::finish_queue(q);
    }
    const auto t0 = ocl::host_clock_ns();
    if (m_session.host_timing()) { // each pass bracketed on the host: no overlap, no events
        for (std::size_t i = 0; i < m_kernels.size(); ++i) {
            stamps.push_back(m_session.time_launch([&] {
                cl::Event e;
                q.enqueueNDRangeKernel(m_kernels[i], cl::NullRange,
                                       cl::NDRange(m_passes[i].global_size),
                                       cl::NDRange(m_passes[i].local_size), nullptr, &e);
                return e;
            }));
        }
    } else {
        std::vector<cl::Event> events(m_kernels.size());
        for (std::size_t i = 0; i < m_kernels.size(); ++i) {
            q.enqueueNDRangeKernel(m_kernels[i], cl::NullRange,
                                   cl::NDRange(m_passes[i].global_size),
                                   cl::NDRange(m_passes[i].local_size), nullptr, &events[i]);
        }
        ocl::finish_queue(q);
        for (const auto& e : events) {
            stamps.push_back(ocl::read_stamps(e));
        }
    }
    auto t = chain_span(stamps, timer_resolution_ns);
    t.host_ns = ocl::host_clock_ns() - t0;
    return t;
}

std::vector<double> launch_chain::read_result() {
    const launch_watch watch(m_key);
    const bool on_device = m_spec.finish_on_device();
    const auto& out = m_partials.back();
    const std::uint64_t records = on_device ? 1 : m_passes.back().groups;
    const std::size_t comps = components(m_point.layout);
    const std::size_t per_buffer = out.size() == 3 ? 1 : comps;
    const std::size_t stride = record_bytes(m_point.layout, m_point.type) / out.size();
    std::vector<long double> sums(comps, 0);
    std::vector<unsigned char> bytes(records * stride);
    m_poisoned_records = 0;
    for (std::size_t b = 0; b < out.size(); ++b) {
        m_session.queue().enqueueReadBuffer(out[b], CL_FALSE, 0, bytes.size(), bytes.data());
        ocl::finish_queue(m_session.queue());
        for (std::uint64_t r = 0; r < records; ++r) {
            const auto* rec = bytes.data() + r * stride;
            if (is_floating(m_point.type) &&
                std::all_of(rec, rec + stride, [](unsigned char x) { return x == 0xFF; })) {
                ++m_poisoned_records;
            }
            for (std::size_t c = 0; c < per_buffer; ++c) {
                sums[b + c] +=
                    decode(m_point.type, bytes.data() + r * stride + c * size_of(m_point.type));
            }
        }
    }
    return {sums.begin(), sums.end()};
}

std::optional<std::uint32_t> launch_chain::read_counter() {
    if (!m_counter) {
        return std::nullopt;
    }
    const launch_watch watch(m_key);
    cl_uint v = 0;
    m_session.queue().enqueueReadBuffer(*m_counter, CL_FALSE, 0, sizeof v, &v);
    ocl::finish_queue(m_session.queue());
    if (v != 0) { // leave it usable for the next launch; the caller reports the bug
        m_session.queue().enqueueFillBuffer(*m_counter, cl_uint{0}, 0, sizeof(cl_uint));
        ocl::finish_queue(m_session.queue());
    }
    return v;
}

} // namespace grp::run
