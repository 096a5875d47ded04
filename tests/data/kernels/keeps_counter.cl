// A one-launch ("last_group") reduction that forgets to reset its counter: its sums are right,
// but the next launch would count on from where this one stopped. The runner must say so.
__kernel void keeps_counter(__global const float* in, __global float* out, unsigned int n,
                            __global unsigned int* counter) {
    const unsigned int g = get_group_id(0), groups = get_num_groups(0);
    float s = 0.0f;
    for (unsigned int i = g; i < n; i += groups) {
        s += in[i];
    }
    out[g] = s;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    if (atomic_inc(counter) == groups - 1) {
        volatile __global const float* partials = out;
        float t = 0.0f;
        for (unsigned int j = 0; j < groups; ++j) {
            t += partials[j];
        }
        out[0] = t; // and no atomic_xchg(counter, 0)
    }
}
