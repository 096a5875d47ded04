// A user's kernel as the A/A issue describes it: a grid-stride float sum with a __local tree, no
// tricks. bench/aa_gridstride.sh compiles it twice under two names (old, same) from this one
// source, so any verdict between them is the experiment's own bias.
__kernel void gridstride_sum(__global const float* in, __global float* out, uint n,
                             __local float* scratch) {
    float acc = 0.0f;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    const uint l = get_local_id(0);
    scratch[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s) {
            scratch[l] += scratch[l + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) {
        out[get_group_id(0)] = scratch[0];
    }
}
