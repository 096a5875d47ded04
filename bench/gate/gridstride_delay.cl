// #46's duet benchmark kernel for NVIDIA GPUs (bench/gate_sequential.sh, KERNEL=delay): the
// grid-stride float sum with a __local tree of gridstride_slow.cl, whose copies cost DELAY percent
// of *time* at every n rather than DELAY percent more loads (which cost 0-1.5 % inside the H200's
// L2: bench/results/h200-gate-sequential.txt). Every work-item reads the SM's cycle counter
// (%clock64, inline PTX: NVIDIA's OpenCL compiler accepts it) around its loads, then spins for
// DELAY percent of those cycles plus DELAY percent of FIXED_CYCLES (the launch's ramp and tree,
// which the loop does not see; calibrated per card by the benchmark). All groups are resident
// (8 per compute unit), so each item's loop spans about the whole kernel and the spin adds about
// DELAY percent to it. The sum is unchanged. DELAY=0 is the plain kernel.
#ifndef DELAY
#define DELAY 0
#endif
#ifndef FIXED_CYCLES
#define FIXED_CYCLES 0
#endif
#if DELAY > 0
inline ulong cycles(void) {
    ulong t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t));
    return t;
}
#endif
__kernel void gridstride_delay(__global const float* in, __global float* out, uint n,
                               __local float* scratch) {
#if DELAY > 0
    const ulong t0 = cycles();
#endif
    float acc = 0.0f;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
#if DELAY > 0
    const ulong t1 = cycles();
    const ulong until = t1 + ((t1 - t0) + FIXED_CYCLES) * DELAY / 100;
    while (cycles() < until) {
    }
#endif
    const uint l = get_local_id(0);
    scratch[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s) {
            scratch[l] += scratch[l + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) {
        out[get_group_id(0)] = scratch[0];
    }
}
