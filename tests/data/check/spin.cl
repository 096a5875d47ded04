// A kernel that never ends, beside a clean one, for `check` and signals
// (tests/cli/check_evidence.sh): every work-item reads its first input until it differs from
// itself (never, on data without NaN); the volatile reads keep the loop in the binary.
__kernel void tree(__global const float* in, __global float* out, unsigned int n,
                   __local float* part) {
    const unsigned int tid = get_local_id(0);
    float acc = 0.0f;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    part[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (tid < s) {
            part[tid] += part[tid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        out[get_group_id(0)] = part[0];
    }
}

__kernel void spin(__global const float* in, __global float* out, unsigned int n,
                   __local float* part) {
    volatile __global const float* first = in;
    float acc = 0.0f;
    while (first[0] == first[0]) {
        acc += 1.0f;
    }
    part[get_local_id(0)] = acc;
    if (get_local_id(0) == 0 && n > 0) {
        out[get_group_id(0)] = part[0];
    }
}
