// Size honesty's red team (issue #64): kernels right at every power of two and wrong elsewhere.
// Only the held-out size check (cli/grp/run/launch/held_out_check.cpp) runs them at a size the
// sweep did not ask for. Built with -D T=<type>.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

// The local tree every kernel here ends with.
void tree(__local T* s, __global T* out) {
    const uint lid = get_local_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint h = get_local_size(0) / 2; h > 0; h /= 2) {
        if (lid < h) {
            s[lid] += s[lid + h];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[get_group_id(0)] = s[0];
    }
}

// Honest: 4-wide loads over n / 4 groups of four, then the n % 4 tail.
__kernel void vec4_tail(__global const T* in, __global T* out, uint n, __local T* s) {
    T acc = 0;
    const uint quads = n / 4;
    for (uint q = get_global_id(0); q < quads; q += get_global_size(0)) {
        acc += in[4 * q] + in[4 * q + 1] + in[4 * q + 2] + in[4 * q + 3];
    }
    for (uint i = 4 * quads + get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    s[get_local_id(0)] = acc;
    tree(s, out);
}

// The same without the tail loop: drops the last n % 4 elements.
__kernel void vec4_no_tail(__global const T* in, __global T* out, uint n, __local T* s) {
    T acc = 0;
    const uint quads = n / 4;
    for (uint q = get_global_id(0); q < quads; q += get_global_size(0)) {
        acc += in[4 * q] + in[4 * q + 1] + in[4 * q + 2] + in[4 * q + 3];
    }
    s[get_local_id(0)] = acc;
    tree(s, out);
}
