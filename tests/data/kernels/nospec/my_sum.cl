// A user's kernel with no spec beside it: `run -k my_sum.cl` prints a starter spec to copy
// (tests/cli/starter_spec.sh writes it beside a copy and runs it). T comes from -D T={type}.
__kernel void my_sum(__global const T* in, __global T* out, unsigned int n, __local T* scratch) {
    const unsigned int lid = get_local_id(0);
    T acc = 0;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) {
            scratch[lid] += scratch[lid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[get_group_id(0)] = scratch[0];
    }
}
