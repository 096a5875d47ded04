// A reduction whose cost is set by its spec: each work-item runs `spin` steps of a generator
// the compiler cannot remove before it adds its elements, so a commit that raises `spin` does
// really more work (bisect's tests and bench/bisect_histories.sh). The generator reaches the
// tested value once in 2^32 steps from its seed: never within the counts used here.
__kernel void work_sum(__global const int* in, __global int* out, unsigned int n,
                       unsigned int spin) {
    const size_t gid = get_global_id(0);
    unsigned int x = (unsigned int)gid + 1u;
    for (unsigned int i = 0; i < spin; ++i) {
        x = x * 1664525u + 1013904223u;
    }
    int acc = (x == 0x9e3779b9u) ? 1 : 0;
    for (size_t i = gid; i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    out[get_group_id(0)] = acc;
}
