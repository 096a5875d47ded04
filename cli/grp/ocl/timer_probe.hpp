// The timer probe: a kernel of known length (a fixed grid of work-items each running a
// dependent integer recurrence), made long enough that the host clock sees >= 5 ms, launched
// twice back to back, three times over, with the host's steady clock around each pair. Its
// samples go to judge_timer (model/measure/timer_verdict.hpp). Costs one tiny build and about
// 40 ms of device time.
#pragma once

#include "grp/model/measure/timer_verdict.hpp"
#include "grp/ocl/cl.hpp"

#include <cstdint>
#include <optional>

namespace grp::ocl {

/// What the probe finds: the timer's verdict, and the iterations after which the driver stops
/// a work-item's loops (empty when it ran all 2^17 asked: Mesa 22.3's llvmpipe stops every
/// work-item after 65535, silently, so longer loops give wrong results).
struct probe_result {
    timer_verdict timer;
    std::optional<std::uint64_t> loop_limit;
};

/// Probes `queue` (a profiling queue of `context` on `device`). A driver error in the probe's
/// own build or launches gives "unchecked" with the error; events without stamps give "host".
probe_result probe_timer(const cl::Context& context, const cl::Device& device,
                         cl::CommandQueue& queue);

/// A queue on `device` with CL_QUEUE_PROFILING_ENABLE, probed (unless `probe` is false: then
/// "unchecked" with no cause); or, when the driver refuses one, a plain queue and the verdict
/// "host" naming the error. The queue is written to `queue`.
probe_result open_timed_queue(const cl::Context& context, const cl::Device& device,
                              cl::CommandQueue& queue, bool probe = true);

/// The verdict of `dev`'s timer on a context and queue of its own (platforms); "unchecked" with
/// the error when no context can be made.
probe_result test_timer(const cl::Device& dev);

} // namespace grp::ocl
