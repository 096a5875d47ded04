// The tool's own helpers, not reductions (no spec beside this file): the check that a kernel
// left its input untouched, and the data of the exact verification launches.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifndef T
#define T float
#endif
#ifndef STRIDE
#define STRIDE 1
#endif
#ifndef COMPS
#define COMPS 1
#endif

// Sets *flag to 1 when any of the first n_words 32-bit words of a and b differ: the working
// copy of an input against its pristine copy, after a case's launches.
__kernel void differs(__global const uint* a, __global const uint* b, ulong n_words,
                      __global uint* flag) {
    for (ulong i = get_global_id(0); i < n_words; i += get_global_size(0)) {
        if (a[i] != b[i]) {
            *flag = 1u;
        }
    }
}

// splitmix64's finalizer: a well-mixed hash of the record and component index.
ulong grp_mix(ulong x) {
    x += 0x9e3779b97f4a7c15UL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9UL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebUL;
    return x ^ (x >> 31);
}

// Exact-check data, built with -D T=<type> -D STRIDE=<words per record> -D COMPS=<values per
// record>: inside [lo, hi) every value is 1 or 2 (from the hash of record * 4 + component, so a
// kernel that reads the wrong element is caught too), outside it 0. With at most 2^23 records
// in a window every partial sum, in any order, is an integer below 2^24: exact in float. The
// 4th word of a 16-byte record stays a NaN, as in the timing data.
__kernel void fill_exact(__global T* out, ulong records, ulong lo, ulong hi, uint comp0) {
    for (ulong r = get_global_id(0); r < records; r += get_global_size(0)) {
        const int inside = r >= lo && r < hi;
        for (uint c = 0; c < COMPS; ++c) {
            out[r * STRIDE + c] = inside ? (T)(1 + (grp_mix(r * 4 + comp0 + c) & 1)) : (T)0;
        }
#if STRIDE == 4
        out[r * 4 + 3] = as_float(0x7fc00000u);
#endif
    }
}

// The precision check's data (model/host/precision_data.hpp), written as raw bits so one build
// serves every type and layout: in each block of `block` records, the record at an offset
// hashed from the block holds +-m 2^-b per component (m a b-bit integer, |x| in [0.5, 1)), every
// other record zeros. dbl: 1 for double (two words a value), 0 for float. stride: values per
// record in this buffer (1 flat or soa, 3 aos12, 4 aos16: the 4th word a NaN, as in the timing
// data); comps: values summed per record in this buffer; comp0: the first one's component.
// One loop over the records' values, no loop inside it: llvmpipe counts every pass of every
// loop against its limit, and an inner loop over the components (comps + 1 passes a record,
// its exit included) made a flat fill stop at a third of what the grid allowed (issue #64).
__kernel void fill_precise(__global uint* out, ulong records, ulong n, ulong block, ulong seed,
                           uint b, uint dbl, uint stride, uint comps, uint comp0) {
    const ulong values = records * comps;
    for (ulong i = get_global_id(0); i < values; i += get_global_size(0)) {
        const ulong r = i / comps;
        const uint c = (uint)(i - r * comps);
        const ulong blk = r / block;
        const ulong width = min(block, n > blk * block ? n - blk * block : (ulong)1);
        const int nonzero = r < n && r - blk * block == grp_mix(seed + blk * 8) % width;
        const ulong v = grp_mix(seed + blk * 8 + 1 + comp0 + c);
        const ulong m = (v >> 1) & ((1UL << (b - 1)) - 1); // below the implicit bit
        const ulong sign = v >> 63;
        const ulong at = (r * stride + c) << dbl;
        if (dbl) {
            const ulong bits = nonzero ? (sign << 63) | (1022UL << 52) | (m << (53 - b)) : 0;
            out[at] = (uint)bits;
            out[at + 1] = (uint)(bits >> 32);
        } else {
            out[at] = nonzero ? (uint)((sign << 31) | (126UL << 23) | (m << (24 - b))) : 0u;
        }
        if (stride == 4 && c == 0) {
            out[r * 4 + 3] = 0x7fc00000u;
        }
    }
}

// The cold-cache flush (run --cache cold): every word of a scratch buffer larger than the
// last-level cache is written, then read back, before a timed launch chain. After the read the
// lines left in the cache are clean, so no write-back of the flush lands in the timed launch.
__kernel void flush_write(__global uint* a, ulong n_words, uint salt) {
    for (ulong i = get_global_id(0); i < n_words; i += get_global_size(0)) {
        a[i] = (uint)i ^ salt;
    }
}

// Reads every word; the sum is stored only when it matches `never` (it does not), which keeps
// the loads without a write per work-item.
__kernel void flush_read(__global const uint* a, ulong n_words, uint never, __global uint* sink) {
    uint acc = 0;
    for (ulong i = get_global_id(0); i < n_words; i += get_global_size(0)) {
        acc += a[i];
    }
    if (acc == never) {
        *sink = acc;
    }
}
