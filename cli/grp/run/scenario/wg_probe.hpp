// The wg-probe scenario: a compute-bound kernel (kernels/scenario_wg_probe.cl) run with the
// same total work-items at local sizes 1, 2, 4, ... up to the smaller of the device's and the
// kernel's work-group limits. Throughput per local size shows the knee where doubling the group
// stops doubling the throughput: the SIMD width (model/scenario/knee.hpp has the rule).
//
// Work: compute_units x 8192 work-items of 128 chain steps on GPUs and accelerators (enough
// resident warps to fill every SM/CU several times over, so wave quantization stays small, and
// about a millisecond at the best local size on a large GPU); compute_units x 512 work-items
// of 32 steps on CPUs (a CPU compute unit is one hardware thread that runs work-items in a
// loop, and a sin plus a division cost tens of ns there: PoCL on 2 cores then needs a few ms
// per launch and a few seconds for the whole probe). The count is rounded up to a multiple of
// the largest local size, so every size runs the same work.
#pragma once

#include "grp/run/scenario/common.hpp"

namespace grp::run {

/// The probe's size on one kind of device.
struct wg_probe_size {
    std::uint64_t items_per_cu = 0; ///< work-items per compute unit
    std::uint64_t chain = 0;        ///< dependent steps per work-item
};
inline constexpr wg_probe_size wg_probe_gpu{8192, 128};
inline constexpr wg_probe_size wg_probe_cpu{512, 32};

/// Runs the probe: one case per local size ("wg-probe"/float/flat/n=work-items/local), fills
/// profile.scenarios["wg-probe"] and the device's simd_width_estimate (when a knee was found
/// below the largest size). Throws kernel_build_error or opencl_error.
void run_wg_probe(const scenario_env& env);

} // namespace grp::run
