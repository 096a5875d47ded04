// Appended by bench/gate_power.sh to a copy of kernels/reduce.cl: the built-in reduce_vec4 with
// SLOW extra multiply-adds per loaded vector, the slowdown the gate must detect. x * one + zero
// is x exactly, so the sum still verifies; `one` and `zero` are kernel arguments, so no compiler
// can fold them. Built with -D T=<type> -D blockSize=<local size> -D SLOW=<count>.
// SPIN=<count> adds a fixed time instead, whatever n: a chain of SPIN dependent multiply-adds
// per work-item before the loop (s stays exactly one, so s - one adds zero). On a short kernel
// (the H100's 20 us cases) extra work per element barely shows, a fixed delay does.
#ifndef SLOW
#define SLOW 0
#endif
#ifndef SPIN
#define SPIN 0
#endif

__kernel void reduce_vec4_slow(__global const T* g_idata, __global T* g_odata, unsigned int n,
                               __local T* sdata, T one, T zero) {
    unsigned int tid = get_local_id(0);
    unsigned int nvec = n / 4;
    T4 acc = (T4)(0);
    T s = one;
    for (int k = 0; k < SPIN; ++k) {
        s = s * one + zero;
    }
    acc.x += s - one;
    for (unsigned int v = get_global_id(0); v < nvec; v += get_global_size(0)) {
        T4 x = vload4(v, g_idata);
        for (int k = 0; k < SLOW; ++k) {
            x = x * one + zero;
        }
        acc += x;
    }
    T sum = (acc.x + acc.y) + (acc.z + acc.w);
    if (get_global_id(0) == 0) {
        for (unsigned int j = nvec * 4; j < n; ++j) {
            sum += g_idata[j];
        }
    }
    sdata[tid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    tree_unrolled(sdata, tid);
    if (tid == 0) {
        g_odata[get_group_id(0)] = sdata[0];
    }
}
