// The CPU-shaped reduction. A CPU OpenCL runtime such as PoCL runs a work-group on one thread
// and its work-items one after another, so the shape that streams best on a CPU is the opposite
// of a GPU's: each work-item sums one contiguous chunk of the input (a sequential stream the
// hardware prefetcher follows), with 64-byte loads (vload16) into four independent accumulators
// (one accumulator is a chain of dependent adds that caps a core well below its memory
// bandwidth), over about one group per core (the spec's cap). Same signature as the SDK ladder
// (reduce.cl); configured by -D T=<type> -D blockSize=<local size>.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#ifndef T
#define T float
#endif
#ifndef blockSize
#define blockSize 1
#endif

#define GRP_CAT(a, b) a##b
#define GRP_VEC(t, w) GRP_CAT(t, w)
#define T16 GRP_VEC(T, 16)

// The 16 lanes of a vector added pairwise (the order does not matter for integers, and a float
// sum of this shape is as exact as any other).
inline T sum16(T16 v) {
    GRP_VEC(T, 8) a = v.lo + v.hi;
    GRP_VEC(T, 4) b = a.lo + a.hi;
    GRP_VEC(T, 2) c = b.lo + b.hi;
    return c.x + c.y;
}

// Each work-item of the whole grid owns a contiguous range of 16-element vectors: item i reads
// vectors [i * per, (i + 1) * per) with per = ceil(vectors / items), so the grid covers the
// input once for any number of groups (a later pass runs one group over the partials). Item 0
// adds the n % 16 tail. With blockSize > 1 the items of a group add their sums in __local after
// one barrier; at local size 1 there is no barrier at all.
__kernel void reduce_chunk(__global const T* g_idata, __global T* g_odata, unsigned int n,
                           __local T* sdata) {
    const unsigned int items = get_global_size(0);
    const unsigned int gid = get_global_id(0);
    const unsigned int nvec = n / 16;
    const unsigned int per = nvec / items + (nvec % items != 0 ? 1 : 0);
    const unsigned int begin = min(gid * per, nvec);
    const unsigned int end = min(begin + per, nvec);
    T16 a0 = (T16)(0), a1 = (T16)(0), a2 = (T16)(0), a3 = (T16)(0);
    unsigned int v = begin;
    for (; v + 4 <= end; v += 4) {
        a0 += vload16(v, g_idata);
        a1 += vload16(v + 1, g_idata);
        a2 += vload16(v + 2, g_idata);
        a3 += vload16(v + 3, g_idata);
    }
    for (; v < end; ++v) {
        a0 += vload16(v, g_idata);
    }
    T sum = sum16((a0 + a1) + (a2 + a3));
    if (gid == 0) {
        for (unsigned int j = nvec * 16; j < n; ++j) {
            sum += g_idata[j];
        }
    }
#if blockSize > 1
    const unsigned int tid = get_local_id(0);
    sdata[tid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid == 0) {
        // A loop bounded by the compile-time blockSize (PoCL 3.1 miscompiles some loops bounded
        // by get_local_size(0); see reduce0 in reduce.cl).
        sum = sdata[0];
        for (unsigned int j = 1; j < blockSize; ++j) {
            sum += sdata[j];
        }
        g_odata[get_group_id(0)] = sum;
    }
#else
    (void)sdata;
    g_odata[get_group_id(0)] = sum;
#endif
}
