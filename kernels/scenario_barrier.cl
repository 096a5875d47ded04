// The barrier scenario: one work-group sums `local size` ints through __local memory. Compiled
// twice from this one source: -D WITH_BARRIER=1 puts barrier(CLK_LOCAL_MEM_FENCE) between every
// write to __local memory and the reads of it; -D WITH_BARRIER=0 leaves them out and is wrong
// under the OpenCL memory model: a work-item may read a neighbour's slot before it was written.
// Not a spec'd reduction (one group, one launch per run), so there is no spec beside this file.
//
// Unequal work makes the missing barrier show: before its write, work-item `lid` runs
// lid * spin steps of a dependent integer recurrence, so high ids write late while low ids
// already read. The recurrence's result is stored only when it is 0 (practically never), into
// out[1], which the host ignores: the compiler cannot drop the loop, and out[0] stays the sum.
// Each launch adds `offset` to every value, so a stale sum left by the previous launch differs
// from the right one.
#ifndef WITH_BARRIER
#define WITH_BARRIER 1
#endif

#if WITH_BARRIER
#define SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#else
#define SYNC()
#endif

__kernel void barrier_reduce(__global const int* in, __global int* out, __local int* s,
                             unsigned int spin, int offset) {
    const unsigned int lid = get_local_id(0);
    const unsigned int size = get_local_size(0);
    unsigned int h = lid + 1u;
    for (unsigned int k = 0; k < lid * spin; ++k) {
        h = h * 1664525u + 1013904223u; // LCG step: a dependent chain the compiler must run
    }
    if (h == 0u) {
        out[1] = (int)h;
    }
    s[lid] = in[lid] + offset;
    SYNC();
    // Sequential addressing; `size` is a power of two.
    for (unsigned int stride = size / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            s[lid] += s[lid + stride];
        }
        SYNC();
    }
    if (lid == 0) {
        out[0] = s[0];
    }
}
