// Reference kernels that measure the device's achievable bandwidth once per run; every case's
// pct_of_peak is relative to the best read shape for the device: stream_read (the GPU shape) at
// a few grids and, on CPUs, chunk_read (the CPU shape). Not a reduction, so there is no spec
// beside this file.

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

// The CPU shape (as kernels/reduce_chunk.cl): work-item i reads one contiguous range of float16
// vectors, four independent accumulators, so each thread of a CPU runtime is one sequential
// stream. A grid-stride loop on a CPU is strided streams instead (a work-group runs on one
// thread, its work-items one after another), which reads a CPU's memory far below its peak.
__kernel void chunk_read(__global const float16* in, __global float* out, unsigned int n16) {
    const unsigned int items = get_global_size(0);
    const unsigned int per = n16 / items + (n16 % items != 0 ? 1 : 0);
    const unsigned int begin = min((unsigned int)get_global_id(0) * per, n16);
    const unsigned int end = min(begin + per, n16);
    float16 a0 = (float16)(0.0f), a1 = a0, a2 = a0, a3 = a0;
    unsigned int v = begin;
    for (; v + 4 <= end; v += 4) {
        a0 += in[v];
        a1 += in[v + 1];
        a2 += in[v + 2];
        a3 += in[v + 3];
    }
    for (; v < end; ++v) {
        a0 += in[v];
    }
    const float16 a = (a0 + a1) + (a2 + a3);
    const float8 b = a.lo + a.hi;
    const float4 c = b.lo + b.hi;
    const float s = (c.x + c.y) + (c.z + c.w);
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

// Does nothing: its START->END span on the cases' queue is the device's launch floor, what the
// shortest launch costs (devices[].launch_floor_ns; a case near it is launch-bound).
__kernel void empty_kernel(void) {}
