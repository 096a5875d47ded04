// Kernels of a user's own, for `check` (tests/cli/check.cmake): each is a grid-stride float sum
// into a __local tree; all but `tree` carry one deliberate fault the simulator must find.

#define TREE(body)                                                                           \
    for (unsigned int s = get_local_size(0) / 2; s > 0; s >>= 1) {                           \
        body                                                                                 \
    }

// Clean: a barrier after every level.
__kernel void tree(__global const float* in, __global float* out, unsigned int n,
                   __local float* part) {
    const unsigned int tid = get_local_id(0);
    float acc = 0.0f;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    part[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    TREE(if (tid < s) { part[tid] += part[tid + s]; } barrier(CLK_LOCAL_MEM_FENCE);)
    if (tid == 0) {
        out[get_group_id(0)] = part[0];
    }
}

// The same, loading 1/8 more: at every eighth element the next one is read again, times 0.
__kernel void tree_more(__global const float* in, __global float* out, unsigned int n,
                        __local float* part) {
    const unsigned int tid = get_local_id(0);
    float acc = 0.0f;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
        if (i % 8 == 0 && i + 1 < n) {
            acc += 0.0f * in[i + 1]; // a load the compiler must keep (0 * inf is not 0)
        }
    }
    part[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    TREE(if (tid < s) { part[tid] += part[tid + s]; } barrier(CLK_LOCAL_MEM_FENCE);)
    if (tid == 0) {
        out[get_group_id(0)] = part[0];
    }
}

// Fault: no barrier between the tree's levels (a read of part[tid + s] races with its write).
__kernel void no_barrier(__global const float* in, __global float* out, unsigned int n,
                         __local float* part) {
    const unsigned int tid = get_local_id(0);
    float acc = 0.0f;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    part[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    TREE(if (tid < s) { part[tid] += part[tid + s]; })
    if (tid == 0) {
        out[get_group_id(0)] = part[0];
    }
}

// Fault: the warp-synchronous tail of the CUDA era: the last 32 work-items add without
// barriers, trusting lock-step execution (a race under the OpenCL memory model).
__kernel void warp_tail(__global const float* in, __global float* out, unsigned int n,
                        __local float* part) {
    const unsigned int tid = get_local_id(0);
    float acc = 0.0f;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    part[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = get_local_size(0) / 2; s > 32; s >>= 1) {
        if (tid < s) {
            part[tid] += part[tid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid < 32) {
        volatile __local float* v = part;
        v[tid] += v[tid + 32];
        v[tid] += v[tid + 16];
        v[tid] += v[tid + 8];
        v[tid] += v[tid + 4];
        v[tid] += v[tid + 2];
        v[tid] += v[tid + 1];
    }
    if (tid == 0) {
        out[get_group_id(0)] = part[0];
    }
}

// Fault: one element per work-item with no bounds check: the partial last group reads past n.
__kernel void no_bounds(__global const float* in, __global float* out, unsigned int n,
                        __local float* part) {
    const unsigned int tid = get_local_id(0);
    part[tid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    TREE(if (tid < s) { part[tid] += part[tid + s]; } barrier(CLK_LOCAL_MEM_FENCE);)
    if (tid == 0) {
        out[get_group_id(0)] = part[0];
    }
}

// Fault: a barrier inside the `tid < s` branch, which only part of the group takes.
__kernel void divergent(__global const float* in, __global float* out, unsigned int n,
                        __local float* part) {
    const unsigned int tid = get_local_id(0);
    float acc = 0.0f;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    part[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    TREE(if (tid < s) { part[tid] += part[tid + s]; barrier(CLK_LOCAL_MEM_FENCE); })
    if (tid == 0) {
        out[get_group_id(0)] = part[0];
    }
}
