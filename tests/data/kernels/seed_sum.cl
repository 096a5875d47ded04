// The first experiment of shared/BACKGROUND.md, unmodified in spirit: one group of 256
// work-items copies its values into a __local array, halves it with a barrier after every step
// (128, 64, ... 1), and work-item 0 writes the group's sum. With 0, 1, ..., 255 the sum is
// 256 * 255 / 2 = 32640. No n argument and a fixed 256: it only runs on whole groups.
__kernel void seed_sum(__global const int* in, __global int* out) {
    __local int block[256];
    const unsigned int lid = get_local_id(0);
    block[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int step = 128; step > 0; step >>= 1) {
        if (lid < step) {
            block[lid] += block[lid + step];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[get_group_id(0)] = block[0];
    }
}
