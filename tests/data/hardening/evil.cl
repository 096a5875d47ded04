// One partial per work-item (the spec fixes local size 1, so one per group, as the output
// buffer holds); the host adds them. Its spec gives it a name full of escapes.
__kernel void evil(__global const int* in, __global int* out, unsigned int n) {
    const size_t gid = get_global_id(0);
    int acc = 0;
    for (size_t i = gid; i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    out[gid] = acc;
}
