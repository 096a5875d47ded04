// The precision red team (issue #64): reductions whose accumulator is narrower than the type
// they declare. On the timing data (whole numbers in [-8, 8]) every one of them is exact, so
// only the precision check (cli/grp/run/launch/precision_check.cpp) can tell them from their
// honest twin, which is the same code accumulating in T. Built with -D T=<type> and, per kernel
// (precision.json), -D ACC=<accumulator type>, -D BF16 (a float accumulator truncated to
// bfloat16's 8 significant bits after every addition) or -D BF16_LOADS (each input value
// truncated to bfloat16 as it is loaded, the sums in float: the timing data's whole numbers
// up to 8 fit bfloat16, so only the precision check sees it).
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifndef ACC
#define ACC T
#endif

#ifdef BF16
ACC narrow(ACC x) {
    return as_float(as_uint(x) & 0xFFFF0000u);
}
#else
ACC narrow(ACC x) {
    return x;
}
#endif
#ifdef BF16_LOADS
#define LOAD(x) as_float(as_uint((float)(x)) & 0xFFFF0000u)
#else
#define LOAD(x) ((ACC)(x))
#endif

// The local tree both kernels end with, every addition in ACC (and narrowed).
void tree(__local ACC* s, ACC acc, __global T* out) {
    const uint lid = get_local_id(0);
    s[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint h = get_local_size(0) / 2; h > 0; h /= 2) {
        if (lid < h) {
            s[lid] = narrow(s[lid] + s[lid + h]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[get_group_id(0)] = (T)s[0];
    }
}

// Grid-stride loop, then a tree in local memory; every addition in ACC (and narrowed).
__kernel void acc_sum(__global const T* in, __global T* out, uint n, __local ACC* s) {
    ACC acc = 0;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc = narrow(acc + LOAD(in[i]));
    }
    tree(s, acc, out);
}

// One work-item adds its contiguous chunk in one sequential chain, then the same tree: the
// longest chain an honest kernel forms (the bound must hold for it too).
__kernel void chain_sum(__global const T* in, __global T* out, uint n, __local ACC* s) {
    const uint items = get_global_size(0);
    const uint chunk = (n + items - 1) / items;
    const uint lo = get_global_id(0) * chunk;
    const uint hi = min(n, lo + chunk);
    ACC acc = 0;
    for (uint i = lo; i < hi; ++i) {
        acc = narrow(acc + LOAD(in[i]));
    }
    tree(s, acc, out);
}
