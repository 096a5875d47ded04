// Reference kernels that measure the device's achievable bandwidth once per run; every case's
// pct_of_peak is relative to stream_read. Not a reduction, so there is no spec beside this file.

// Reads every float4 once in a grid-stride loop. The conditional store depends on the data
// (which is positive), so the compiler cannot drop the loads, yet nothing is written.
__kernel void stream_read(__global const float4* in, __global float* out, unsigned int n4) {
    float4 acc = (float4)(0.0f);
    for (unsigned int i = get_global_id(0); i < n4; i += get_global_size(0)) {
        acc += in[i];
    }
    float s = (acc.x + acc.y) + (acc.z + acc.w);
    if (s == -1.0f) {
        out[get_global_id(0)] = s;
    }
}

// Copies every float4 once: bytes moved = bytes read + bytes written.
__kernel void stream_copy(__global const float4* in, __global float4* out, unsigned int n4) {
    for (unsigned int i = get_global_id(0); i < n4; i += get_global_size(0)) {
        out[i] = in[i];
    }
}
