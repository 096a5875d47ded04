// A min reduction with the wrong identity, for tests/cli/operators.cmake: work-items past n
// contribute 0 (the identity of sum) instead of the type's largest value, so the minimum of
// positive data (uint, float) comes out 0. The verifier must report it wrong, not ok.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifndef T
#define T float
#endif

#define SMALLER(a, b) ((b) < (a) ? (b) : (a))

__kernel void min_zero_padding(__global const T* in, __global T* out, unsigned int n,
                               __local T* s) {
    const unsigned int lid = get_local_id(0);
    const unsigned int i = get_global_id(0);
    s[lid] = i < n ? in[i] : (T)0; // the fault: 0 is no identity of min
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (lid < k) {
            s[lid] = SMALLER(s[lid], s[lid + k]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[get_group_id(0)] = s[0];
    }
}
