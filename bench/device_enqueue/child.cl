// A parent that leaves half its work to a child kernel (OpenCL C 2.x device-side enqueue): on a
// device that can run children, the parent's END stamp may come before the child's work is done.
// bench/device_enqueue/probe.sh tries it on a device; run refuses it where children can run.
__kernel void parent_child(__global const float* in, __global float* out, uint n) {
    if (get_global_id(0) == 0) {
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), ^{
            float s = 0;
            for (uint i = 0; i < n; ++i) {
                s += in[i];
            }
            out[0] = s;
        });
    }
}
