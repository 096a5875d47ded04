// The barrier scenario: one work-group sums ints through __local memory, compiled with and
// without barrier(CLK_LOCAL_MEM_FENCE) (kernels/scenario_barrier.cl), each launched
// run_options::barrier_runs times with fresh output and a per-run offset, every run checked
// against the host. The kernel with barriers must be right every time (a wrong run makes the
// case `wrong`, so `run` exits 1); the barrier-less kernel's wrong runs are the finding
// (`race-observed`). Local sizes 32 (one warp on NVIDIA: does lock-step hide the race?), 64,
// 256 and 1024, where the device and kernel allow them.
#pragma once

#include "grp/run/scenario/common.hpp"

#include <vector>

namespace grp::run {

/// The local sizes the scenario uses on a device whose limit (device, kernel and work-item
/// dimension together) is `max_local`: 32, 64, 256, 1024 up to it, or the largest power of
/// two under it when that is below 32.
std::vector<std::uint64_t> barrier_local_sizes(std::uint64_t max_local);

/// Runs both kernels at every local size: cases "barrier/with" and "barrier/without"
/// (int/flat/n=local/local), and profile.scenarios["barrier"]. Throws kernel_build_error or
/// opencl_error.
void run_barrier(const scenario_env& env);

} // namespace grp::run
