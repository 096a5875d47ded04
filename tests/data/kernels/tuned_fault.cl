// A tunable kernel with one wrong configuration: DROP=1 leaves out the last element. For the
// search tests: the wrong configuration must be reported wrong and never be best.
#ifndef DROP
#define DROP 0
#endif
__kernel void tuned_fault(__global const int* in, __global int* out, unsigned int n) {
    int s = 0;
    for (unsigned int i = get_global_id(0); i + DROP < n; i += get_global_size(0)) {
        s += in[i];
    }
    out[get_group_id(0)] = s;
}
