// A reduction that never finishes at one size: at n == hang_n the first work-item waits for a
// value of its input to change, which nothing does (a volatile read the compiler must repeat),
// as a user's bug or a driver that never finishes one shape would. Every other size sums
// honestly. The tests of --launch-timeout and of a signal during a hung launch run it.
__kernel void hang_sum(__global const int* in, __global int* out, unsigned int n,
                       unsigned int hang_n) {
    const size_t gid = get_global_id(0);
    if (n == hang_n && gid == 0) {
        volatile __global const int* v = in;
        const int first = v[0];
        while (v[0] == first) {
        }
    }
    int acc = 0;
    for (size_t i = gid; i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    out[gid] = acc;
}
