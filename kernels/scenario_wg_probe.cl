// The wg-probe scenario's compute-bound kernel: a long dependent chain of arithmetic per
// work-item (a sine, a division and an add per step) and one float written per work-item, so
// memory traffic is negligible and the time measures how many lanes do useful work at once.
// Not a reduction, so there is no spec beside this file; the scenario runs it directly.
//
// The chain starts from the global id and its length is a run-time argument, so the compiler
// can neither fold it to a constant nor unroll it away; the store keeps every step live.
// Bounds: y stays in (-1, 3] (sin >= -1 and x / (y + 2) > 0 with y + 2 > 1), so no step
// divides by zero or overflows, and the host can check every output lies in that range.
__kernel void wg_probe(__global float* out, unsigned int chain) {
    const unsigned int gid = get_global_id(0);
    const float x = 1.0f + (float)(gid & 1023u) * 0x1.0p-10f; // in [1, 2)
    float y = x;
    for (unsigned int i = 0; i < chain; ++i) {
        y = sin(y) + x / (y + 2.0f);
    }
    out[gid] = y;
}
