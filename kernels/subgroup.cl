// A reduction with sub-group collectives: each sub-group adds its values with
// sub_group_reduce_add (no __local memory, no barrier inside the sub-group), one value per
// sub-group goes through __local memory, and the first sub-group adds those. Needs
// cl_khr_subgroups, cl_intel_subgroups or OpenCL C 3.0 with __opencl_c_subgroups; the
// `subgroups` scenario runs it only where the device reports one of them (device_info).
// Contract as reduce.cl: (input, partials, n, __local scratch), -D T=<type>, 2 loads per item.
#if defined(cl_khr_subgroups)
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#elif defined(cl_intel_subgroups)
#pragma OPENCL EXTENSION cl_intel_subgroups : enable
#endif
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#ifndef T
#define T float
#endif

__kernel void subgroup_reduce(__global const T* g_idata, __global T* g_odata, unsigned int n,
                              __local T* sdata) {
    const unsigned int tid = get_local_id(0);
    const unsigned int local = get_local_size(0);
    const unsigned int i = get_group_id(0) * (local * 2) + tid;
    T v = (i < n) ? g_idata[i] : (T)0;
    if (i + local < n) {
        v += g_idata[i + local];
    }
    v = sub_group_reduce_add(v);
    if (get_sub_group_local_id() == 0) {
        sdata[get_sub_group_id()] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_sub_group_id() == 0) {
        // The first sub-group adds the per-sub-group sums, striding when there are more of
        // them than it has work-items.
        T w = (T)0;
        for (unsigned int k = get_sub_group_local_id(); k < get_num_sub_groups();
             k += get_sub_group_size()) {
            w += sdata[k];
        }
        w = sub_group_reduce_add(w);
        if (get_sub_group_local_id() == 0) {
            g_odata[get_group_id(0)] = w;
        }
    }
}
