// A correct tree sum whose work-group size is pinned by reqd_work_group_size(64, 1, 1): the
// driver must refuse any other local size at enqueue (CL_INVALID_WORK_GROUP_SIZE). The tests use
// it as a launch that the device cannot run although the device's own limits allow the size.
__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void sum_reqd64(
    __global const int* in, __global int* out, unsigned int n, __local int* s) {
    unsigned int lid = get_local_id(0);
    unsigned int i = get_global_id(0);
    s[lid] = (i < n) ? in[i] : 0;
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
