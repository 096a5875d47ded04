// tunable: the grid-stride reduction with its knobs as build options, for `run -k tunable
// --search ...` (tunable.json declares the space):
//   -D T=<type> -D blockSize=<local size, a power of two>
//   -D VEC=<1|2|4|8|16>  elements per load (vloadVEC; 1: scalar loads)
//   -D UNROLL=<k>        loads in flight per work-item per loop step
//   -D ACC=<k>           independent accumulators (ACC <= UNROLL; load u adds into u % ACC)
// Consecutive work-items read consecutive vectors (coalesced on GPUs); work-item 0 adds the
// n % VEC tail; the group's values meet in a sequential-addressing tree with a barrier at every
// level. One partial per group; the harness runs further passes until one value is left.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#ifndef T
#define T float
#endif
#ifndef blockSize
#define blockSize 256
#endif
#ifndef VEC
#define VEC 4
#endif
#ifndef UNROLL
#define UNROLL 4
#endif
#ifndef ACC
#define ACC 2
#endif

#define GRP_CAT_(a, b) a##b
#define GRP_CAT(a, b) GRP_CAT_(a, b)
#define T2 GRP_CAT(T, 2)
#define T4 GRP_CAT(T, 4)
#define T8 GRP_CAT(T, 8)
#define T16 GRP_CAT(T, 16)

inline T hsum2(T2 v) { return v.s0 + v.s1; }
inline T hsum4(T4 v) { return hsum2(v.lo + v.hi); }
inline T hsum8(T8 v) { return hsum4(v.lo + v.hi); }
inline T hsum16(T16 v) { return hsum8(v.lo + v.hi); }

#if VEC == 1
#define VT T
#define VLOAD(i, p) ((p)[i])
#define HSUM(v) (v)
#else
#define VT GRP_CAT(T, VEC)
#define VLOAD(i, p) GRP_CAT(vload, VEC)(i, p)
#define HSUM(v) GRP_CAT(hsum, VEC)(v)
#endif

__kernel void tunable(__global const T* g_idata, __global T* g_odata, unsigned int n,
                      __local T* sdata) {
    const unsigned int tid = get_local_id(0);
    const unsigned int grid = get_global_size(0);
    const unsigned int nvec = n / VEC;
    VT acc[ACC];
#pragma unroll
    for (int a = 0; a < ACC; ++a) {
        acc[a] = (VT)(0);
    }
    unsigned int v = get_global_id(0);
    // (UNROLL - 1) * grid < nvec is checked first, so v + (UNROLL - 1) * grid cannot wrap.
    for (; (UNROLL - 1) * grid < nvec && v < nvec - (UNROLL - 1) * grid; v += UNROLL * grid) {
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            acc[u % ACC] += VLOAD(v + u * grid, g_idata);
        }
    }
    for (; v < nvec; v += grid) {
        acc[0] += VLOAD(v, g_idata);
    }
#pragma unroll
    for (int a = 1; a < ACC; ++a) {
        acc[0] += acc[a];
    }
    T sum = HSUM(acc[0]);
    if (get_global_id(0) == 0) {
        for (unsigned int j = nvec * VEC; j < n; ++j) {
            sum += g_idata[j];
        }
    }
    sdata[tid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}
