// The reduction ladder, written to the classic NVIDIA OpenCL SDK contract:
//   __kernel void reduceK(__global const T* g_idata, __global T* g_odata, unsigned int n,
//                         __local T* sdata)
// configured by -D T=<type> -D blockSize=<local size> -D nIsPow2=<0|1>. Each kernel writes one
// partial sum per work-group; the harness runs further passes until one value is left.
// Every kernel is correct under the OpenCL memory model except reduce4_lockstep and
// reduce_single, labelled unsafe in reduce.json.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#ifndef T
#define T float
#endif
#ifndef blockSize
#define blockSize 256
#endif
#ifndef nIsPow2
#define nIsPow2 0
#endif

#define GRP_CAT(a, b) a##b
#define GRP_VEC4(t) GRP_CAT(t, 4)
#define T4 GRP_VEC4(T)

// The operator: -D GRP_OP_{sum,min,max,product} with -D GRP_T_<type> (reduce.json passes
// both); sum when none is given. REDUCE combines two values, REDUCE4 two T4 vectors, IDENTITY
// is what an element past n contributes. Floats use fmin/fmax, which return the non-NaN
// operand. Integer products multiply as uint (wrap-around modulo 2^32): signed overflow is
// undefined in OpenCL C. Float products compile, but the harness skips them (no exact
// reference; cli/grp/model/reduce_op.hpp).
#if defined(GRP_T_float) || defined(GRP_T_double)
#define GRP_FLOATING 1
#else
#define GRP_FLOATING 0
#endif
#if defined(GRP_OP_min)
#if GRP_FLOATING
#define REDUCE(a, b) fmin((a), (b))
#define IDENTITY ((T)INFINITY)
#elif defined(GRP_T_uint)
#define REDUCE(a, b) min((a), (b))
#define IDENTITY ((T)UINT_MAX)
#else
#define REDUCE(a, b) min((a), (b))
#define IDENTITY ((T)INT_MAX)
#endif
#define REDUCE4(a, b) REDUCE(a, b)
#elif defined(GRP_OP_max)
#if GRP_FLOATING
#define REDUCE(a, b) fmax((a), (b))
#define IDENTITY ((T)-INFINITY)
#elif defined(GRP_T_uint)
#define REDUCE(a, b) max((a), (b))
#define IDENTITY ((T)0)
#else
#define REDUCE(a, b) max((a), (b))
#define IDENTITY ((T)INT_MIN)
#endif
#define REDUCE4(a, b) REDUCE(a, b)
#elif defined(GRP_OP_product)
#if defined(GRP_T_int)
#define REDUCE(a, b) as_int(as_uint(a) * as_uint(b))
#define REDUCE4(a, b) as_int4(as_uint4(a) * as_uint4(b))
#else
#define REDUCE(a, b) ((a) * (b))
#define REDUCE4(a, b) ((a) * (b))
#endif
#define IDENTITY ((T)1)
#else
#define REDUCE(a, b) ((a) + (b))
#define REDUCE4(a, b) ((a) + (b))
#define IDENTITY ((T)0)
#endif

// Sequential-addressing tree over blockSize values in sdata, fully unrolled because blockSize
// is a compile-time constant: the compiler drops the levels above blockSize. Every level ends
// with a barrier, including the last 32 (no lock-step assumption).
inline void tree_unrolled(__local T* sdata, unsigned int tid) {
#define GRP_LEVEL(s)                                                                               \
    if (blockSize >= 2 * (s)) {                                                                    \
        if (tid < (s)) {                                                                           \
            sdata[tid] = REDUCE(sdata[tid], sdata[tid + (s)]);                                     \
        }                                                                                          \
        barrier(CLK_LOCAL_MEM_FENCE);                                                              \
    }
    GRP_LEVEL(512)
    GRP_LEVEL(256) GRP_LEVEL(128) GRP_LEVEL(64) GRP_LEVEL(32) GRP_LEVEL(16) GRP_LEVEL(8)
        GRP_LEVEL(4) GRP_LEVEL(2) GRP_LEVEL(1)
#undef GRP_LEVEL
}

// reduce0: interleaved addressing; `tid % (2*s)` leaves active work-items scattered across
// every SIMD group (divergent) and the modulo is slow. The loop is bounded by blockSize, not
// get_local_size(0): PoCL 3.1 (Debian 12) miscompiles this loop with the run-time bound and
// returns the first element only (our verifier caught it; tests/ocl pins the fixed kernel).
__kernel void reduce0(__global const T* g_idata, __global T* g_odata, unsigned int n,
                      __local T* sdata) {
    unsigned int tid = get_local_id(0);
    unsigned int i = get_global_id(0);
    sdata[tid] = (i < n) ? g_idata[i] : IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = 1; s < blockSize; s *= 2) {
        if ((tid % (2 * s)) == 0) {
            sdata[tid] = REDUCE(sdata[tid], sdata[tid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}

// reduce1: interleaved addressing with a strided index: active work-items are contiguous (no
// divergence) but the stride 2*s makes local-memory bank conflicts.
__kernel void reduce1(__global const T* g_idata, __global T* g_odata, unsigned int n,
                      __local T* sdata) {
    unsigned int tid = get_local_id(0);
    unsigned int i = get_global_id(0);
    sdata[tid] = (i < n) ? g_idata[i] : IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = 1; s < get_local_size(0); s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < get_local_size(0)) {
            sdata[index] = REDUCE(sdata[index], sdata[index + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}

// reduce2: sequential addressing: the active half is contiguous and conflict-free.
__kernel void reduce2(__global const T* g_idata, __global T* g_odata, unsigned int n,
                      __local T* sdata) {
    unsigned int tid = get_local_id(0);
    unsigned int i = get_global_id(0);
    sdata[tid] = (i < n) ? g_idata[i] : IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] = REDUCE(sdata[tid], sdata[tid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}

// First add during the global load: each work-item reads two elements a group apart, so half
// the work-items cover the same data (shared by reduce3..reduce5).
inline T load_two(__global const T* g_idata, unsigned int n, unsigned int tid) {
    unsigned int ls = get_local_size(0);
    unsigned int i = get_group_id(0) * (ls * 2) + tid;
    T sum = (i < n) ? g_idata[i] : IDENTITY;
    if (i + ls < n) {
        sum = REDUCE(sum, g_idata[i + ls]);
    }
    return sum;
}

// reduce3: first add during load, then the sequential-addressing loop.
__kernel void reduce3(__global const T* g_idata, __global T* g_odata, unsigned int n,
                      __local T* sdata) {
    unsigned int tid = get_local_id(0);
    sdata[tid] = load_two(g_idata, n, tid);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] = REDUCE(sdata[tid], sdata[tid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}

// reduce4: as reduce3, with the last six levels (32 work-items and fewer) unrolled. Each
// unrolled level still ends with a barrier: work-items of a group are not lock-step in OpenCL.
__kernel void reduce4(__global const T* g_idata, __global T* g_odata, unsigned int n,
                      __local T* sdata) {
    unsigned int tid = get_local_id(0);
    sdata[tid] = load_two(g_idata, n, tid);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = get_local_size(0) / 2; s > 32; s >>= 1) {
        if (tid < s) {
            sdata[tid] = REDUCE(sdata[tid], sdata[tid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#define GRP_TAIL(s)                                                                                \
    if (blockSize >= 2 * (s)) {                                                                    \
        if (tid < (s)) {                                                                           \
            sdata[tid] = REDUCE(sdata[tid], sdata[tid + (s)]);                                     \
        }                                                                                          \
        barrier(CLK_LOCAL_MEM_FENCE);                                                              \
    }
    GRP_TAIL(32)
    GRP_TAIL(16) GRP_TAIL(8) GRP_TAIL(4) GRP_TAIL(2) GRP_TAIL(1)
#undef GRP_TAIL
        if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}

// reduce4_lockstep: the CUDA-era "warp-synchronous" tail: no barriers once 32 or fewer
// work-items remain, relying on them running in lock-step through volatile memory. OpenCL does
// not promise that; where it does not hold, the verifier reports the wrong result. UNSAFE.
__kernel void reduce4_lockstep(__global const T* g_idata, __global T* g_odata, unsigned int n,
                               __local T* sdata) {
    unsigned int tid = get_local_id(0);
    sdata[tid] = load_two(g_idata, n, tid);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = get_local_size(0) / 2; s > 32; s >>= 1) {
        if (tid < s) {
            sdata[tid] = REDUCE(sdata[tid], sdata[tid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid < 32) {
        volatile __local T* v = sdata;
        if (blockSize >= 64)
            v[tid] = REDUCE(v[tid], v[tid + 32]);
        if (blockSize >= 32)
            v[tid] = REDUCE(v[tid], v[tid + 16]);
        if (blockSize >= 16)
            v[tid] = REDUCE(v[tid], v[tid + 8]);
        if (blockSize >= 8)
            v[tid] = REDUCE(v[tid], v[tid + 4]);
        if (blockSize >= 4)
            v[tid] = REDUCE(v[tid], v[tid + 2]);
        if (blockSize >= 2)
            v[tid] = REDUCE(v[tid], v[tid + 1]);
    }
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}

// reduce5: first add during load and the whole tree unrolled on the compile-time blockSize.
__kernel void reduce5(__global const T* g_idata, __global T* g_odata, unsigned int n,
                      __local T* sdata) {
    unsigned int tid = get_local_id(0);
    sdata[tid] = load_two(g_idata, n, tid);
    barrier(CLK_LOCAL_MEM_FENCE);
    tree_unrolled(sdata, tid);
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}

// reduce6: several elements per work-item with a grid-stride loop over a capped number of
// groups (Brent's theorem: O(N/log N) work-items keep the work O(N)). nIsPow2=1 promises that
// n is a multiple of 2*blockSize, so the second load needs no bounds check.
__kernel void reduce6(__global const T* g_idata, __global T* g_odata, unsigned int n,
                      __local T* sdata) {
    unsigned int tid = get_local_id(0);
    unsigned int i = get_group_id(0) * (blockSize * 2) + tid;
    unsigned int grid = blockSize * 2 * get_num_groups(0);
    T sum = IDENTITY;
    while (i < n) {
        sum = REDUCE(sum, g_idata[i]);
        if (nIsPow2 || i + blockSize < n) {
            sum = REDUCE(sum, g_idata[i + blockSize]);
        }
        i += grid;
    }
    sdata[tid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    tree_unrolled(sdata, tid);
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}

// reduce_vec4: grid-stride loop of 16-byte vector loads (vload4 needs only element alignment),
// then the unrolled tree. Work-item 0 adds the n % 4 tail.
__kernel void reduce_vec4(__global const T* g_idata, __global T* g_odata, unsigned int n,
                          __local T* sdata) {
    unsigned int tid = get_local_id(0);
    unsigned int nvec = n / 4;
    T4 acc = (T4)(IDENTITY);
    for (unsigned int v = get_global_id(0); v < nvec; v += get_global_size(0)) {
        acc = REDUCE4(acc, vload4(v, g_idata));
    }
    T sum = REDUCE(REDUCE(acc.x, acc.y), REDUCE(acc.z, acc.w));
    if (get_global_id(0) == 0) {
        for (unsigned int j = nvec * 4; j < n; ++j) {
            sum = REDUCE(sum, g_idata[j]);
        }
    }
    sdata[tid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    tree_unrolled(sdata, tid);
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}

// The load phase of reduce_onepass and reduce_single: a grid-stride loop over T4 vectors, read
// through a T4 pointer (an OpenCL buffer starts aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN, the
// largest built-in type: 64 bytes or more) with two loads in flight per work-item; work-item 0 also adds the n % 4
// elements past the last whole vector. On the H200 this beat vload4 with four loads in flight
// at every n from 2^22 to 2^28 (250 -> 243 us at 2^28; bench/results/h200-onepass-loads.txt).
inline T stride_vec4_sum(__global const T* g_idata, unsigned int n) {
    __global const T4* in4 = (__global const T4*)g_idata;
    const unsigned int nvec = n / 4;
    const unsigned int grid = get_global_size(0);
    unsigned int v = get_global_id(0);
    T4 a0 = (T4)(IDENTITY), a1 = (T4)(IDENTITY);
    for (; v + grid < nvec; v += 2 * grid) {
        a0 = REDUCE4(a0, in4[v]);
        a1 = REDUCE4(a1, in4[v + grid]);
    }
    if (v < nvec) {
        a0 = REDUCE4(a0, in4[v]);
    }
    const T4 acc = REDUCE4(a0, a1);
    T sum = REDUCE(REDUCE(acc.x, acc.y), REDUCE(acc.z, acc.w));
    if (get_global_id(0) == 0) {
        for (unsigned int j = nvec * 4; j < n; ++j) {
            sum = REDUCE(sum, g_idata[j]);
        }
    }
    return sum;
}

// Atomic store and load of a partial (a load adds zero): one 32-bit word, or for a double one
// 64-bit word with cl_khr_int64_base_atomics, else (or -D GRP_WORD_ATOMICS) two 32-bit words.
#define GRP_VOLATILE(p) ((volatile __global T*)(p))
#if defined(GRP_T_double) && defined(cl_khr_int64_base_atomics) && !defined(GRP_WORD_ATOMICS)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define GRP_STORE(p, v) atom_xchg((volatile __global long*)(p), as_long(v))
#define GRP_LOAD(p) as_double(atom_add((volatile __global long*)(p), 0L))
#elif defined(GRP_T_double)
#define GRP_STORE(p, v)                                                                            \
    (atomic_xchg((volatile __global uint*)(p), as_uint2(v).x),                                     \
     atomic_xchg((volatile __global uint*)(p) + 1, as_uint2(v).y))
#define GRP_LOAD(p)                                                                                \
    as_double((uint2)(atomic_add((volatile __global uint*)(p), 0u),                                \
                      atomic_add((volatile __global uint*)(p) + 1, 0u)))
#else
#define GRP_STORE(p, v) atomic_xchg((volatile __global uint*)(p), as_uint(v))
#define GRP_AS(t) GRP_CAT(as_, t)
#define GRP_LOAD(p) GRP_AS(T)(atomic_add((volatile __global uint*)(p), 0u))
#endif
// One launch for any n: loads, tree, then work-item 0 stores the group's partial, fences it and
// takes a ticket from `counter`; the last ticket's group adds every partial, stores the sum in
// g_odata[0] and resets the counter. `atomics`: reduce_onepass (the GPU default) moves partials
// only atomically, so there is no data race; reduce_single (UNSAFE, for comparison) uses plain
// stores and volatile loads, which race (a fence orders one work-item only; kernels/README.md).
inline void one_launch(__global const T* g_idata, __global T* g_odata, unsigned int n,
                       __local T* sdata, __global unsigned int* counter, __local int* last,
                       const bool atomics) {
    const unsigned int tid = get_local_id(0);
    sdata[tid] = stride_vec4_sum(g_idata, n);
    barrier(CLK_LOCAL_MEM_FENCE);
    tree_unrolled(sdata, tid);
    if (tid == 0) {
        if (atomics) {
            GRP_STORE(g_odata + get_group_id(0), sdata[0]);
        } else {
            g_odata[get_group_id(0)] = sdata[0];
        }
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        *last = atomic_inc(counter) == get_num_groups(0) - 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (*last) { // the same value in every work-item of the group: the barriers below are uniform
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        T total = IDENTITY;
        for (unsigned int g = tid; g < get_num_groups(0); g += blockSize) {
            total = REDUCE(total, atomics ? GRP_LOAD(g_odata + g) : GRP_VOLATILE(g_odata)[g]);
        }
        sdata[tid] = total;
        barrier(CLK_LOCAL_MEM_FENCE);
        tree_unrolled(sdata, tid);
        if (tid == 0) {
            if (atomics) {
                GRP_STORE(g_odata, sdata[0]);
            } else {
                g_odata[0] = sdata[0];
            }
            atomic_xchg(counter, 0u);
        }
    }
}

__kernel void reduce_onepass(__global const T* g_idata, __global T* g_odata, unsigned int n,
                             __local T* sdata, __global unsigned int* counter) {
    __local int last;
    one_launch(g_idata, g_odata, n, sdata, counter, &last, true);
}

__kernel void reduce_single(__global const T* g_idata, __global T* g_odata, unsigned int n,
                            __local T* sdata, __global unsigned int* counter) {
    __local int last;
    one_launch(g_idata, g_odata, n, sdata, counter, &last, false);
}
