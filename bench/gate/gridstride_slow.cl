// The A/A and duet benchmarks' kernel (bench/aa_gridstride.sh, bench/gate_duet.sh): a grid-stride
// float sum with a __local tree, plus EXTRA percent of the input read a second time and
// multiplied by 0 (the sum is unchanged; the compiler may not drop a float multiply by 0 without
// fast-math). EXTRA=0 is the plain kernel; 5, 10 and 25 make copies that move about that share
// more data. The re-read starts at the front of the input, read longest ago, so on inputs larger
// than the L2 it comes from memory.
#ifndef EXTRA
#define EXTRA 0
#endif
__kernel void gridstride_slow(__global const float* in, __global float* out, uint n,
                              __local float* scratch) {
    float acc = 0.0f;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
#if EXTRA > 0
    const uint extra = (uint)(((ulong)n * EXTRA) / 100);
    for (uint i = get_global_id(0); i < extra; i += get_global_size(0)) {
        acc += in[i] * 0.0f;
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
