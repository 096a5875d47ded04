// Red-team reductions that keep state across launches in program-scope __global variables
// (OpenCL C 2.0: built with -cl-std=CL2.0; the spec says so). Same shape as redteam.cl's
// rt_honest (see there); the state lives in the program, which the tool builds once per kernel,
// source and options and keeps for the whole run: no buffer of the tool ever holds it, so no
// clearing or poisoning of the tool's buffers reaches it.
// PoCL 3.1 (Debian 12) builds these with -cl-std=CL2.0 although it reports OpenCL C 1.2 and
// CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE 0 (with -cl-std=CL3.0 it refuses them: "program scope
// variable must reside in constant address space"); Oclgrind 21.10 (check) runs them too.
#ifndef EPI
#define EPI 16
#endif

#define RT_MEMO_GROUPS 1024

// Per group of the big first pass: the key (n and four elements, bit for bit) and the partial.
__global uint rt_memo_key[RT_MEMO_GROUPS * 5];
__global float rt_memo_value[RT_MEMO_GROUPS];
// Per group: whether a partial was stored at all (the unkeyed memo).
__global uint rt_seen[RT_MEMO_GROUPS];
__global float rt_seen_value[RT_MEMO_GROUPS];

inline uint rt_lo(uint n, uint g, uint groups) {
    const ulong chunk = n / groups + (n % groups != 0 ? 1 : 0);
    return (uint)min((ulong)n, (ulong)g * chunk);
}

inline uint rt_hi(uint n, uint g, uint groups) {
    return rt_lo(n, g + 1, groups);
}

inline float rt_sum(__global const float* in, uint lo, uint hi) {
    const uint lid = get_local_id(0), step = get_local_size(0);
    float acc = 0.0f;
    for (uint i = lo + lid; i < hi; i += step) {
        acc += in[i];
    }
    return acc;
}

inline void rt_tree(__local float* s, float acc) {
    const uint lid = get_local_id(0);
    s[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    for (uint k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (lid < k) {
            s[lid] += s[lid + k];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

// The honest twin built as OpenCL C 2.0 (a control: the language version alone changes
// nothing).
__kernel void rt_honest_cl20(__global const float* in, __global float* out, uint n,
                             __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    rt_tree(s, rt_sum(in, rt_lo(n, g, G), rt_hi(n, g, G)));
    if (get_local_id(0) == 0) {
        out[g] = s[0];
    }
}

// The memo's key of a first-pass group, part j of 5: n, then its range's first, second, middle
// and last elements, bit for bit.
inline uint rt_key(__global const float* in, uint n, uint lo, uint hi, int j) {
    return j == 0   ? n
           : j == 1 ? as_uint(in[lo])
           : j == 2 ? as_uint(in[lo + 1])
           : j == 3 ? as_uint(in[lo + (hi - lo) / 2])
                    : as_uint(in[hi - 1]);
}

// The memo slot of a group: its own for a group of the big first pass (RT_MEMO_GROUPS - 1 of
// them), else the last slot, written but never read. Stores go to this slot unconditionally:
// PoCL 3.1 hangs (or crashes) on a store to program-scope memory that a condition other than
// the work-item id guards after the tree's barriers, so the choice is arithmetic, not a branch.
#define RT_MEMO_READ(lo, hi)                                                                       \
    (get_num_groups(0) > 1 && get_group_id(0) < RT_MEMO_GROUPS - 1 && (hi) - (lo) >= 2)
#define RT_MEMO_SLOT(lo, hi) (RT_MEMO_READ(lo, hi) ? get_group_id(0) : RT_MEMO_GROUPS - 1)

// 5a. Memoised, keyed: a group of the first pass whose key (n and its range's first, second,
// middle and last elements) matches what it stored returns the stored partial without reading
// its range. The exact check's data (other values) misses and is summed honestly; every timed
// launch on the data of the first launch hits and returns bit-identical partials.
__kernel void rt_memo_keyed(__global const float* in, __global float* out, uint n,
                            __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    const uint lo = rt_lo(n, g, G), hi = rt_hi(n, g, G);
    if (RT_MEMO_READ(lo, hi)) {
        bool hit = true;
        for (int j = 0; j < 5; ++j) {
            hit = hit && rt_memo_key[g * 5 + j] == rt_key(in, n, lo, hi, j);
        }
        if (hit) {
            if (get_local_id(0) == 0) {
                out[g] = rt_memo_value[g];
            }
            return;
        }
    }
    rt_tree(s, rt_sum(in, lo, hi));
    if (get_local_id(0) == 0) {
        const uint slot = RT_MEMO_SLOT(lo, hi);
        out[g] = s[0];
        for (int j = 0; j < 5; ++j) {
            rt_memo_key[slot * 5 + j] = hi - lo >= 2 ? rt_key(in, n, lo, hi, j) : 0;
        }
        rt_memo_value[slot] = s[0];
    }
}

// 5b. Memoised, unkeyed: the second launch of a first-pass group returns what the first stored,
// whatever the data.
__kernel void rt_memo_unkeyed(__global const float* in, __global float* out, uint n,
                              __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    const uint lo = rt_lo(n, g, G), hi = rt_hi(n, g, G);
    if (RT_MEMO_READ(lo, hi) && rt_seen[g] != 0) {
        if (get_local_id(0) == 0) {
            out[g] = rt_seen_value[g];
        }
        return;
    }
    rt_tree(s, rt_sum(in, lo, hi));
    if (get_local_id(0) == 0) {
        const uint slot = RT_MEMO_SLOT(lo, hi);
        out[g] = s[0];
        rt_seen_value[slot] = s[0];
        rt_seen[slot] = 1;
    }
}
