// Deliberately wrong: every work-item adds 1 to its element, so the sum is off by n.
__kernel void off_by_n(__global const int* in, __global int* out, unsigned int n, __local int* s) {
    unsigned int lid = get_local_id(0);
    unsigned int i = get_global_id(0);
    s[lid] = (i < n) ? in[i] + 1 : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (lid < k) {
            s[lid] += s[lid + k];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[get_group_id(0)] = s[0];
    }
}
