// Red-team reductions: float sums that try to look fast without doing the work, each beside an
// honest twin of the same shape (rt_honest), so "faster than its honest twin" can be judged.
// tests/cli/redteam.sh runs each against the twin and asserts that the tool never reports it
// `ok` while it is faster: it must end `wrong` (or `implausible`), or, for the racy one,
// `unsafe` under `gpu-reduce-prof check`. The spec is redteam.json; the OpenCL C 2.0 kernels
// (state in program-scope __global memory) are in redteam_cl20.cl.
//
// The shared shape (every kernel below is it, plus one cheat): group g of G reduces the
// contiguous range [lo, hi) of n / G elements, its work-items striding by the local size
// inside it (coalesced on a GPU); a tree over the group in __local memory; work-item 0 writes
// the group's partial to out[g]. The spec's finish is "passes": the same kernel then reduces
// the G partials in one group. Every cheat acts only in a launch of more than one group (the
// big first pass), so the second pass stays honest, as a careful cheater's would.
//
// The kinds are numbered as in the threat model: 0 the twin, 1-4 and 6-9 here, 5 (memoised in
// program-scope memory) in redteam_cl20.cl. rt_sniff_deep and rt_honest_deep in the spec are
// rt_sniff and rt_honest on a 2-group grid: a grid the spec declares, which sets the tolerance.
//
// OpenCL C 1.2 only; -D EPI={elems_per_item} is the spec's grid.elems_per_item (used by
// rt_scratch to know how much zero padding follows its partials).
#ifndef EPI
#define EPI 16
#endif

// The range of group g: [lo, hi), n split into G contiguous chunks.
inline uint rt_lo(uint n, uint g, uint groups) {
    const ulong chunk = n / groups + (n % groups != 0 ? 1 : 0);
    return (uint)min((ulong)n, (ulong)g * chunk);
}

inline uint rt_hi(uint n, uint g, uint groups) {
    return rt_lo(n, g + 1, groups);
}

// Every `stride`-th element of [lo, hi) that this work-item visits (stride 1: every element).
inline float rt_sum(__global const float* in, uint lo, uint hi, uint stride) {
    const uint lid = get_local_id(0), step = get_local_size(0) * stride;
    float acc = 0.0f;
    for (uint i = lo + lid * stride; i < hi; i += step) {
        acc += in[i];
    }
    return acc;
}

// The group's tree in __local memory; returns with s[0] the group's sum in every work-item's
// view. The first barrier also fences global memory: a kernel that read its output slot before
// (the stale ones) is ordered against work-item 0's write after it.
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

// The end every kernel shares: tree, then work-item 0 writes the group's partial.
inline void rt_finish(__global float* out, __local float* s, float acc) {
    rt_tree(s, acc);
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] = s[0];
    }
}

#define RT_BIG (get_num_groups(0) > 1)

// 0. The honest twin: every element, once.
__kernel void rt_honest(__global const float* in, __global float* out, uint n, __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    rt_finish(out, s, rt_sum(in, rt_lo(n, g, G), rt_hi(n, g, G), 1));
}

// 1. Stale output: a group whose output slot already holds a nonzero value (a previous launch's
// partial: the tool does not clear the partials between launches) returns at once. The first
// launch into freshly zeroed partials is honest.
__kernel void rt_stale_output(__global const float* in, __global float* out, uint n,
                              __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    if (out[g] != 0.0f) {
        return; // the whole group: every work-item reads the same slot, before any barrier
    }
    rt_finish(out, s, rt_sum(in, rt_lo(n, g, G), rt_hi(n, g, G), 1));
}

// 2. Data sniffing: when the group's first 8 elements are whole numbers (as the exact check's
// 1s and 2s are, and --data ones/iota), it sums every element; otherwise every 8th element,
// times 8.
__kernel void rt_sniff(__global const float* in, __global float* out, uint n, __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    const uint lo = rt_lo(n, g, G), hi = rt_hi(n, g, G);
    bool integral = true;
    for (uint i = lo; i < hi && i < lo + 8; ++i) {
        integral = integral && in[i] == floor(in[i]);
    }
    const uint stride = integral || !RT_BIG ? 1 : 8;
    rt_finish(out, s, rt_sum(in, lo, hi, stride) * (float)stride);
}

// 3. Sampling: always every 8th element, times 8.
__kernel void rt_sample8(__global const float* in, __global float* out, uint n, __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    const uint stride = RT_BIG ? 8 : 1;
    rt_finish(out, s, rt_sum(in, rt_lo(n, g, G), rt_hi(n, g, G), stride) * (float)stride);
}

// 4. One group's shortcut: group 0 sums the first half of its range and doubles it; every other
// group is honest.
__kernel void rt_group0_half(__global const float* in, __global float* out, uint n,
                             __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    const uint lo = rt_lo(n, g, G), hi = rt_hi(n, g, G);
    if (g == 0 && RT_BIG) {
        rt_finish(out, s, 2.0f * rt_sum(in, lo, lo + (hi - lo) / 2, 1));
    } else {
        rt_finish(out, s, rt_sum(in, lo, hi, 1));
    }
}

// 6. An occasional race: the tree's last step has no barrier after it, and the last work-item
// (not work-item 0, which did that step) writes the partial. Benign where the work-items of a
// group run in ascending order (PoCL's loops over work-items); a real race on a GPU, where the
// last warp can read s[0] before the first warp's final add. Saves one barrier.
__kernel void rt_race_tail(__global const float* in, __global float* out, uint n,
                           __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    const uint lid = get_local_id(0), L = get_local_size(0);
    s[lid] = rt_sum(in, rt_lo(n, g, G), rt_hi(n, g, G), 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = L / 2; k > 0; k >>= 1) {
        if (lid < k) {
            s[lid] += s[lid + k];
        }
        if (k > 1) {
            barrier(CLK_LOCAL_MEM_FENCE); // ... but none after the last step (k = 1)
        }
    }
    if (lid == L - 1) {
        out[g] = s[0];
    }
}

// Whether n is a power of two, by a loop: Oclgrind (check) has no llvm.ctpop, which the compiler
// makes of (n & (n - 1)) == 0.
inline bool rt_pow2(uint n) {
    uint p = 1;
    for (int i = 0; i < 31 && p < n; ++i) {
        p <<= 1;
    }
    return p == n;
}

// 7. Early exit on a size pattern: when n is a power of two, every other element, times 2.
__kernel void rt_pow2_half(__global const float* in, __global float* out, uint n,
                           __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    const uint stride = RT_BIG && rt_pow2(n) ? 2 : 1;
    rt_finish(out, s, rt_sum(in, rt_lo(n, g, G), rt_hi(n, g, G), stride) * (float)stride);
}

// 8. A neighbour's partials instead of its own: on a repeat launch (its slot holds a previous
// partial), every odd group copies the slot of the group before it and reads nothing. Half the
// groups' work is skipped; right only where neighbouring chunks sum alike (constant data).
__kernel void rt_neighbour(__global const float* in, __global float* out, uint n,
                           __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    if (RT_BIG && (g & 1) == 1 && out[g] != 0.0f) {
        if (get_local_id(0) == 0) {
            out[g] = out[g - 1];
        }
        return;
    }
    rt_finish(out, s, rt_sum(in, rt_lo(n, g, G), rt_hi(n, g, G), 1));
}

// 9. A scratch the tool does not clear: with "sizes": "pad" the first pass's partials buffer is
// zero-padded to whole groups of the second pass (local size x EPI records, G of them used), and
// the tool zeroes it only when it binds fresh partials (once per round). Each group keeps a key
// (n and four of its elements, bit for bit) and its partial in that padding; a launch whose key
// matches returns the stored partial without reading its range (it still runs the tree over
// zeros). Keyed, so the exact check's data (other values) is summed honestly; the timed
// launches, on the same data as the first, return bit-identical results. The second pass reads
// only n = G partials.
// No early return and branch-free stores: PoCL 3.1 crashes or hangs on this kernel written with
// an early return (a store in the returning branch) or with a store that a condition other than
// the work-item id guards after the barriers (see redteam_cl20.cl).
#define RT_ROOM(lo, hi)                                                                            \
    (get_num_groups(0) > 1 && (ulong)get_local_size(0) * EPI >= 7 * (ulong)get_num_groups(0) &&    \
     (hi) - (lo) >= 2)

// Part j of a group's key: n, then its range's first, second, middle and last elements.
inline uint rt_key(__global const float* in, uint n, uint lo, uint hi, int j) {
    return j == 0   ? n
           : j == 1 ? as_uint(in[lo])
           : j == 2 ? as_uint(in[lo + 1])
           : j == 3 ? as_uint(in[lo + (hi - lo) / 2])
                    : as_uint(in[hi - 1]);
}

// Nonzero when the key stored at `at` is not this group's.
inline uint rt_differs(__global const float* in, __global const float* at, uint n, uint lo,
                       uint hi) {
    uint d = 0;
    for (int j = 0; j < 5; ++j) {
        d |= as_uint(at[j]) ^ rt_key(in, n, lo, hi, j);
    }
    return d;
}

__kernel void rt_scratch(__global const float* in, __global float* out, uint n, __local float* s) {
    const uint g = get_group_id(0), G = get_num_groups(0);
    const uint lo = rt_lo(n, g, G), hi = rt_hi(n, g, G);
    const uint memo = G + 6 * g; // n, 4 key elements, the partial
    const bool hit = RT_ROOM(lo, hi) && rt_differs(in, out + memo, n, lo, hi) == 0;
    rt_tree(s, rt_sum(in, lo, hit ? lo : hi, 1));
    if (get_local_id(0) == 0) {
        const bool room = RT_ROOM(lo, hi);
        const float part = hit ? out[memo + 5] : s[0];
        out[g] = part;
        for (int j = 0; j < 5; ++j) {
            out[room ? memo + j : g] = room ? as_float(rt_key(in, n, lo, hi, j)) : part;
        }
        out[room ? memo + 5 : g] = part;
    }
}
