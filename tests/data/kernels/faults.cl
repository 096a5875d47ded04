// Kernels with one fault each, for tests/ocl/verification_test.cpp: what the verifier must
// catch. All share one grid-stride shape: each work-item sums a strided range, then a tree
// over the group in __local memory; the host adds the partials (finish "host"). DROP, DUP and
// the like are the element the fault touches.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifndef T
#define T float
#endif

inline void tree(__local T* s, unsigned int lid) {
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (lid < k) {
            s[lid] += s[lid + k];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

// Correct: the control.
__kernel void sum_ok(__global const T* in, __global T* out, unsigned int n, __local T* s) {
    T acc = 0;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    s[get_local_id(0)] = acc;
    tree(s, get_local_id(0));
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] = s[0];
    }
}

// Drops one element: index n/2 is never added. Within the float tolerance at n = 1M.
__kernel void drop_one(__global const T* in, __global T* out, unsigned int n, __local T* s) {
    T acc = 0;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += i == n / 2 ? (T)0 : in[i];
    }
    s[get_local_id(0)] = acc;
    tree(s, get_local_id(0));
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] = s[0];
    }
}

// Counts element n/2 twice: a duplicated element (an overlap between two work-items' ranges
// looks like this).
__kernel void duplicate_one(__global const T* in, __global T* out, unsigned int n,
                            __local T* s) {
    T acc = 0;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += i == n / 2 ? in[i] + in[i] : in[i];
    }
    s[get_local_id(0)] = acc;
    tree(s, get_local_id(0));
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] = s[0];
    }
}

// Correct sum, but it also overwrites its input with zeros: every later launch (and every
// later kernel sharing the input) would read zeros.
__kernel void writes_input(__global T* in, __global T* out, unsigned int n, __local T* s) {
    T acc = 0;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    s[get_local_id(0)] = acc;
    tree(s, get_local_id(0));
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] = s[0];
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        in[i] = (T)0;
    }
}

// An in-place reduction by design: each work-item leaves its partial in its first element.
__kernel void in_place_sum(__global T* in, __global T* out, unsigned int n, __local T* s) {
    T acc = 0;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    if (get_global_id(0) < n) {
        in[get_global_id(0)] = acc;
    }
    s[get_local_id(0)] = acc;
    tree(s, get_local_id(0));
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] = s[0];
    }
}

// Returns NaN: a kernel whose arithmetic broke.
__kernel void gives_nan(__global const T* in, __global T* out, unsigned int n, __local T* s) {
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] = (T)NAN;
    }
}

// Adds its result to what its output held, as a kernel that forgot to reset an accumulator:
// right on a zeroed output, so before output slots were poisoned before every launch only the
// checks of the timed launches saw it; now its first launch is wrong.
__kernel void stale_output(__global const T* in, __global T* out, unsigned int n, __local T* s) {
    T acc = 0;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    s[get_local_id(0)] = acc;
    tree(s, get_local_id(0));
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] += s[0];
    }
}

// The last work-group never writes its slot: one group's share silently missing.
__kernel void skip_write(__global const T* in, __global T* out, unsigned int n, __local T* s) {
    T acc = 0;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    s[get_local_id(0)] = acc;
    tree(s, get_local_id(0));
    if (get_local_id(0) == 0 && get_group_id(0) + 1 < get_num_groups(0)) {
        out[get_group_id(0)] = s[0];
    }
}
