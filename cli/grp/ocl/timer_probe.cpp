#include "grp/ocl/timer_probe.hpp"

#include "grp/ocl/session.hpp"

#include <optional>

namespace grp::ocl {

namespace {

constexpr const char* probe_source = R"(
// A dependent recurrence per work-item (at most 2^14 steps: under any driver's loop limit); the
// store is taken only when x hits a value it never does, so no memory traffic.
__kernel void grp_timer_probe(__global uint* out, uint iters) {
    uint x = (uint)get_global_id(0);
    for (uint i = 0; i < iters; ++i) {
        x = x * 1664525u + 1013904223u;
    }
    if (x == 0x12345678u) {
        out[0] = x;
    }
}
// One work-item counts to `steps`, the step read from memory so the loop cannot be folded:
// a driver that stops work-items early (llvmpipe stops every one after 65535 iterations)
// writes less.
__kernel void grp_loop_probe(__global uint* out, uint steps) {
    uint n = 0;
    for (uint i = 0; i < steps; ++i) {
        n += out[1];
    }
    out[0] = n;
}
)";

constexpr cl_uint max_iters = 1U << 14;
constexpr std::uint64_t min_pair_ns = 5000000; // 5 ms: launch costs are a small share
// A pair whose events never span min_pair_ns (a clock that is slow or stopped) grows until the
// host saw this much: a slow clock is judged on real work, not on launch costs.
constexpr std::uint64_t max_pair_ns = 100000000;
constexpr std::size_t max_items = std::size_t{1} << 28;
constexpr cl_uint loop_steps = 1U << 17;

timer_probe_sample launch_pair(cl::CommandQueue& q, cl::Kernel& k, std::size_t items) {
    cl::Event a;
    cl::Event b;
    const auto t0 = host_clock_ns();
    q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(items), cl::NullRange, nullptr, &a);
    q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(items), cl::NullRange, nullptr, &b);
    q.finish();
    const auto t1 = host_clock_ns();
    return {read_stamps(a), read_stamps(b), t1 - t0};
}

// Whether a pair has enough work to judge the clock by: both its events and the host's bracket
// span min_pair_ns (so the kernels, not the launches, fill the bracket, and a fast clock's
// factor is read off real work), or the host saw max_pair_ns (a slow or stopped clock). Growing
// until the host alone saw 5 ms judged launch costs on a loaded machine: with 1.7 of 2 cores
// taken by others, 49 us of events took 4 ms of host time in all three pairs ("scaled 0.27x").
bool enough_work(const timer_probe_sample& p) {
    const auto span = p.second.end > p.first.start ? p.second.end - p.first.start : 0;
    return (span >= min_pair_ns && p.host_ns >= min_pair_ns) || p.host_ns >= max_pair_ns;
}

// The probe's samples: the work grown 4x at a time (steps per work-item up to max_iters, then
// work-items) until a pair has enough_work, then three pairs at that size. It starts small
// (64 x 64 steps), so a simulator (Oclgrind: ~1 us a step) is done in a blink.
std::vector<timer_probe_sample> sample(cl::CommandQueue& q, cl::Kernel& k) {
    std::size_t items = 64;
    cl_uint iters = 64;
    k.setArg(1, iters);
    launch_pair(q, k, items); // warm-up: first-launch costs stay out
    while (items < max_items && !enough_work(launch_pair(q, k, items))) {
        if (iters < max_iters) {
            iters *= 4;
            k.setArg(1, iters);
        } else {
            items *= 4;
        }
    }
    constexpr std::size_t pairs = 3;
    std::vector<timer_probe_sample> out;
    out.reserve(pairs);
    for (std::size_t i = 0; i < pairs; ++i) {
        out.push_back(launch_pair(q, k, items));
    }
    return out;
}

// The iterations one work-item got through of loop_steps; empty when all of them.
std::optional<std::uint64_t> loop_limit(cl::CommandQueue& q, cl::Kernel& k, cl::Buffer& out) {
    const cl_uint init[2] = {0, 1};
    q.enqueueWriteBuffer(out, CL_TRUE, 0, sizeof init, init);
    k.setArg(0, out);
    k.setArg(1, loop_steps);
    q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
    cl_uint n = 0;
    q.enqueueReadBuffer(out, CL_TRUE, 0, sizeof n, &n);
    return n < loop_steps ? std::optional<std::uint64_t>(n) : std::nullopt;
}

} // namespace

probe_result probe_timer(const cl::Context& context, const cl::Device& device,
                         cl::CommandQueue& queue) {
    try {
        cl::Program program(context, probe_source);
        program.build({device});
        cl::Kernel k(program, "grp_timer_probe");
        cl::Buffer out(context, CL_MEM_READ_WRITE, 2 * sizeof(cl_uint));
        k.setArg(0, out);
        probe_result r{judge_timer(sample(queue, k)), std::nullopt};
        cl::Kernel loop(program, "grp_loop_probe");
        r.loop_limit = loop_limit(queue, loop, out);
        return r;
    } catch (const opencl_error& e) { // read_stamps: the events carry no stamps
        return {
            {timer_kind::host, std::nullopt, std::string("events carry no stamps: ") + e.what()},
            std::nullopt};
    } catch (const cl::Error& e) {
        return {{timer_kind::unchecked, std::nullopt, wrap("the timer probe failed", e).what()},
                std::nullopt};
    }
}

probe_result open_timed_queue(const cl::Context& context, const cl::Device& device,
                              cl::CommandQueue& queue, bool probe) {
    try {
        queue = cl::CommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE);
    } catch (const cl::Error& e) {
        queue = cl::CommandQueue(context, device, 0);
        return {{timer_kind::host, std::nullopt, wrap("no profiling queue", e).what()},
                std::nullopt};
    }
    return probe ? probe_timer(context, device, queue) : probe_result{};
}

probe_result test_timer(const cl::Device& dev) {
    try {
        const cl::Context context(dev);
        cl::CommandQueue queue;
        return open_timed_queue(context, dev, queue);
    } catch (const cl::Error& e) {
        return {{timer_kind::unchecked, std::nullopt, wrap("no context to test it on", e).what()},
                std::nullopt};
    }
}

} // namespace grp::ocl
