#include "grp/run/case_runner.hpp"

#include "grp/model/pass_plan.hpp"
#include "grp/model/stats.hpp"
#include "grp/model/verify.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>

namespace grp::run {

namespace {

std::atomic<bool> g_interrupted{false};

using buffer_set = std::vector<cl::Buffer>; // 1 buffer, or 3 for soa

std::string static_skip_reason(const kernel_spec& k, const sweep_point& p, const device_info& d) {
    if (std::find(k.types.begin(), k.types.end(), p.type) == k.types.end()) {
        return "kernel does not declare type " + to_string(p.type);
    }
    if (std::find(k.layouts.begin(), k.layouts.end(), p.layout) == k.layouts.end()) {
        return "kernel does not declare layout " + to_string(p.layout);
    }
    if (p.type == element_type::float64 && !d.fp64) {
        return "device has no fp64 (cl_khr_fp64)";
    }
    for (const auto& ext : k.requires_extensions) {
        if (!d.has_extension(ext)) {
            return "device lacks " + ext;
        }
    }
    if (auto why = local_size_violation(k, p.local_size); !why.empty()) {
        return why;
    }
    if (d.max_work_group_size && p.local_size > *d.max_work_group_size) {
        return "local size over the device maximum " + std::to_string(*d.max_work_group_size);
    }
    std::uint64_t bytes = p.n * record_bytes(p.layout, p.type);
    std::uint64_t per_buffer = p.layout == data_layout::soa ? bytes / 3 : bytes;
    if (d.max_alloc_bytes && per_buffer > *d.max_alloc_bytes) {
        return "input buffer of " + std::to_string(per_buffer) +
               " bytes exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE";
    }
    return "";
}

buffer_set make_partials(ocl::session& s, const sweep_point& p, std::uint64_t groups) {
    const std::size_t n_buffers = p.layout == data_layout::soa ? 3 : 1;
    const std::size_t bytes =
        std::max<std::uint64_t>(groups, 1) * record_bytes(p.layout, p.type) / n_buffers;
    buffer_set out;
    for (std::size_t i = 0; i < n_buffers; ++i) {
        out.emplace_back(s.context(), CL_MEM_READ_WRITE, bytes);
    }
    return out;
}

void set_args(cl::Kernel& kern, const kernel_spec& k, const sweep_point& p, const pass_info& pass,
              const buffer_set& in, const buffer_set& out) {
    for (cl_uint i = 0; i < k.args.size(); ++i) {
        const auto& a = k.args[i];
        const auto slot = static_cast<std::size_t>(std::max(a.component, 0));
        switch (a.what) {
        case kernel_arg::role::input:
            kern.setArg(i, in.at(std::min(slot, in.size() - 1)));
            break;
        case kernel_arg::role::output:
            kern.setArg(i, out.at(std::min(slot, out.size() - 1)));
            break;
        case kernel_arg::role::n:
            kern.setArg(i, static_cast<cl_uint>(pass.n));
            break;
        case kernel_arg::role::local:
            kern.setArg(i, cl::Local(k.local_elems_per_item * p.local_size * size_of(p.type) *
                                     components(p.layout)));
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
    }
}

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

// The prepared launches of one case: kernels with their arguments bound, pass by pass.
// The chain owns its partial buffers: clSetKernelArg does not keep a buffer alive.
struct launch_chain {
    std::vector<cl::Kernel> kernels;
    std::vector<pass_info> passes;
    buffer_set ping, pong; ///< partials: even passes write ping, odd passes pong
    buffer_set final_output;
};

std::vector<cl::Event> enqueue_chain(ocl::session& s, launch_chain& c) {
    std::vector<cl::Event> events(c.kernels.size());
    for (std::size_t i = 0; i < c.kernels.size(); ++i) {
        s.queue().enqueueNDRangeKernel(c.kernels[i], cl::NullRange,
                                       cl::NDRange(c.passes[i].global_size),
                                       cl::NDRange(c.passes[i].local_size), nullptr, &events[i]);
    }
    s.queue().finish();
    return events;
}

// Reads the reduced value(s): the single record the last pass wrote, or, when the host
// finishes, every partial of the last pass summed in long double.
std::vector<double> read_result(ocl::session& s, const launch_chain& c, const sweep_point& p,
                                bool on_device) {
    const std::uint64_t records = on_device ? 1 : c.passes.back().groups;
    const std::size_t comps = components(p.layout);
    const std::size_t stride =
        record_bytes(p.layout, p.type) / (c.final_output.size() == 3 ? 3 : 1);
    std::vector<long double> sums(comps, 0);
    std::vector<unsigned char> bytes(records * stride);
    for (std::size_t b = 0; b < c.final_output.size(); ++b) {
        s.queue().enqueueReadBuffer(c.final_output[b], CL_TRUE, 0, bytes.size(), bytes.data());
        for (std::uint64_t r = 0; r < records; ++r) {
            for (std::size_t comp = 0; comp < (c.final_output.size() == 3 ? 1 : comps); ++comp) {
                sums[b + comp] +=
                    decode(p.type, bytes.data() + r * stride + comp * size_of(p.type));
            }
        }
    }
    return {sums.begin(), sums.end()};
}

launch_chain prepare(case_context& ctx, const kernel_spec& k, const sweep_point& p,
                     const std::vector<pass_info>& passes, const device_input& input,
                     case_result& r) {
    launch_chain c;
    c.passes = passes;
    c.ping = make_partials(ctx.session, p, passes.front().groups);
    c.pong = passes.size() > 1 ? make_partials(ctx.session, p, passes[1].groups) : c.ping;
    const buffer_set* in = &input.buffers;
    for (std::size_t i = 0; i < passes.size(); ++i) {
        auto options = expand_build_options(k, p.type, p.local_size, passes[i].n);
        if (!ctx.cl_options.empty()) {
            options += (options.empty() ? "" : " ") + ctx.cl_options;
        }
        if (i == 0) {
            r.build_options = options;
        }
        c.kernels.push_back(ctx.session.kernel(k.source_text, options, k.entry));
        if (i == 0) {
            // Drivers put register counts and warnings here (NVIDIA: -cl-nv-verbose).
            auto log = ctx.session.build_log(k.source_text, options);
            if (log.find_first_not_of(" \n\r\t") != std::string::npos) {
                r.extra["build_log"] = log.substr(0, 4096);
            }
        }
        const buffer_set& out = i % 2 == 0 ? c.ping : c.pong;
        set_args(c.kernels.back(), k, p, passes[i], *in, out);
        in = &out;
    }
    c.final_output = *in;
    return c;
}

std::string kernel_limit_reason(case_context& ctx, const kernel_spec& k, const sweep_point& p,
                                cl::Kernel& kern) {
    const auto& dev = ctx.session.device();
    auto max_wg = kern.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(dev);
    if (p.local_size > max_wg) {
        return "local size over CL_KERNEL_WORK_GROUP_SIZE " + std::to_string(max_wg);
    }
    auto static_local = kern.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(dev);
    std::uint64_t dynamic_local = 0;
    for (const auto& a : k.args) {
        if (a.what == kernel_arg::role::local) {
            dynamic_local +=
                k.local_elems_per_item * p.local_size * size_of(p.type) * components(p.layout);
        }
    }
    auto limit = ctx.session.info().local_mem_bytes.value_or(UINT64_MAX);
    if (static_local + dynamic_local > limit) {
        return "needs " + std::to_string(static_local + dynamic_local) +
               " bytes of local memory, device has " + std::to_string(limit);
    }
    return "";
}

void verify_case(case_result& r, const device_input& input, element_type t, std::uint64_t depth) {
    r.status = case_status::ok;
    double worst_rel = 0;
    double worst_abs = 0;
    double tol = 0;
    for (std::size_t c = 0; c < r.result.size(); ++c) {
        auto v = verify_sum(t, input.exact_sum[c], input.abs_sum[c], r.result[c], depth);
        r.reference.push_back(v.expected);
        worst_abs = std::max(worst_abs, v.abs_error);
        worst_rel = std::max(worst_rel, v.rel_error);
        tol = std::max(tol, v.tolerance);
        if (!v.ok) {
            r.status = case_status::wrong;
            r.reason = "component " + std::to_string(c) + ": expected " +
                       std::to_string(v.expected) + ", got " + std::to_string(r.result[c]);
        }
    }
    r.abs_error = worst_abs;
    r.rel_error = worst_rel;
    r.tolerance = tol;
}

void sample(case_context& ctx, launch_chain& chain, case_result& r) {
    const auto& m = ctx.measure;
    const auto resolution = ctx.session.info().timer_resolution_ns.value_or(0);
    for (std::uint64_t i = 0; i < m.warmup && !interrupted(); ++i) {
        enqueue_chain(ctx.session, chain);
    }
    r.warmup = m.warmup;
    const auto start = std::chrono::steady_clock::now();
    std::vector<double> samples;
    while (!interrupted()) {
        auto events = enqueue_chain(ctx.session, chain);
        std::uint64_t total = 0;
        std::string flag;
        for (const auto& e : events) {
            auto stamps = ocl::read_stamps(e);
            if (flag.empty()) {
                flag = check_stamps(stamps, resolution);
            }
            total += stamps.end >= stamps.start ? stamps.end - stamps.start : 0;
        }
        if (!flag.empty()) {
            ++r.flagged_samples;
            if (std::find(r.flags.begin(), r.flags.end(), flag) == r.flags.end()) {
                r.flags.push_back(flag);
            }
        } else {
            auto first = ocl::read_stamps(events.front());
            r.samples_ns.push_back(total);
            r.launch_overhead_ns.push_back(first.start - first.queued);
            samples.push_back(static_cast<double>(total));
        }
        const std::uint64_t attempts = r.samples_ns.size() + r.flagged_samples;
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (attempts >= m.max_samples) {
            break;
        }
        if (samples.size() >= m.min_samples) {
            if (median_rse(samples) <= m.max_noise) {
                break;
            }
            if (elapsed >= m.max_time_s) {
                break;
            }
        }
    }
    r.noise_target_met = samples.size() >= 2 && median_rse(samples) <= m.max_noise;
}

void derive_metrics(case_result& r, double peak_gbps) {
    if (r.samples_ns.empty()) {
        return;
    }
    r.summary = summarize(r.samples_ns);
    const double med = r.summary->median_ns;
    if (med > 0) {
        r.gbps = static_cast<double>(r.bytes) / med;
        r.elements_per_s = static_cast<double>(r.key.n) / med * 1e9;
        if (peak_gbps > 0) {
            r.pct_of_peak = *r.gbps / peak_gbps * 100.0;
        }
    }
}

std::string bytes_note(const sweep_point& p) {
    std::string rec = std::to_string(record_bytes(p.layout, p.type)) + " B";
    std::string what = p.layout == data_layout::flat    ? to_string(p.type)
                       : p.layout == data_layout::aos16 ? "aos16 record, 4 B of it padding"
                                                        : to_string(p.layout) + " record";
    return "input read once: n x " + rec + " (" + what + "); partial sums not counted";
}

} // namespace

bool interrupted() {
    return g_interrupted.load();
}
void request_interrupt() {
    g_interrupted.store(true);
}

case_result run_case(case_context& ctx, const kernel_spec& k, const sweep_point& p) {
    case_result r;
    r.key = {k.name, to_string(p.type), to_string(p.layout), p.n, p.local_size};
    r.device = ctx.device_index;
    r.finish = k.finish_on_device ? "passes" : "host";
    r.bytes = p.n * record_bytes(p.layout, p.type);
    r.bytes_counted = bytes_note(p);
    auto skip = [&](std::string why) {
        r.status = case_status::skipped;
        r.reason = std::move(why);
        return r;
    };
    if (auto why = static_skip_reason(k, p, ctx.session.info()); !why.empty()) {
        return skip(why);
    }
    auto plan = plan_passes(k, p.n, p.local_size, ctx.session.info().compute_units.value_or(1));
    if (!plan.skip_reason.empty()) {
        return skip(plan.skip_reason);
    }
    r.passes = plan.passes;
    try {
        const auto& input = ctx.data.get(p.type, p.layout, p.n, ctx.values);
        auto chain = prepare(ctx, k, p, plan.passes, input, r);
        if (auto why = kernel_limit_reason(ctx, k, p, chain.kernels.front()); !why.empty()) {
            return skip(why);
        }
        enqueue_chain(ctx.session, chain); // verification run, outside the timed loop
        r.result = read_result(ctx.session, chain, p, k.finish_on_device);
        verify_case(
            r, input, p.type,
            summation_depth(plan.passes, k.finish_on_device ? 0 : plan.passes.back().groups));
        sample(ctx, chain, r);
    } catch (const cl::Error& e) {
        r.status = case_status::failed;
        r.reason = ocl::wrap("running " + r.key.to_string(), e).what();
        return r;
    } catch (const opencl_error& e) {
        r.status = case_status::failed;
        r.reason = e.what();
        return r;
    }
    derive_metrics(r, ctx.peak_read_gbps);
    return r;
}

} // namespace grp::run
