// A third-party-style kernel, run unmodified: a static __local block of 256 floats, so it only
// works at local size 256, and one partial sum per work-group (the host adds the partials).
__kernel void block_sum(__global const float* in, __global float* partial, unsigned int count) {
    __local float block[256];
    const unsigned int lid = get_local_id(0);
    float acc = 0.0f;
    for (unsigned int i = get_global_id(0); i < count; i += get_global_size(0)) {
        acc += in[i];
    }
    block[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int step = 128; step > 0; step >>= 1) {
        if (lid < step) {
            block[lid] += block[lid + step];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partial[get_group_id(0)] = block[0];
    }
}
