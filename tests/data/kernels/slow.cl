// A reduction that takes seconds per launch: each work-item spins `spin` steps of a generator
// the compiler cannot remove, then adds its elements. The second-signal test interrupts it
// mid-launch: the process must stop at once, not when the kernel ends.
__kernel void slow_sum(__global const int* in, __global int* out, unsigned int n,
                       unsigned int spin) {
    const size_t gid = get_global_id(0);
    unsigned int x = (unsigned int)gid + 1u;
    for (unsigned int i = 0; i < spin; ++i) {
        x = x * 1664525u + 1013904223u;
    }
    int acc = (x == 0x9e3779b9u) ? 1 : 0; // practically never: keeps the loop alive
    for (size_t i = gid; i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    out[gid] = acc;
}
