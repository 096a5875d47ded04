// The access ladder's grid-stride variants (#68, bench/access_ladder_gpu.sh): one float sum, three
// ways to walk the input, the same loads and the same adds in each.
// - coalesced: work-item i reads i, i + G, i + 2G, ... (G the global size): a warp's lanes read
//   consecutive words, one segment per 32 lanes x 4 B.
// - strided2: the even words first, then the odd ones, each at stride 2G: a warp's lanes read
//   every other word, so each load touches twice the segments.
// - chunked: work-item i reads its own contiguous chunk of ceil(n / G) words: the same loads, but
//   the lanes of a warp are a chunk apart, a segment each (uncoalesced on every GPU).
__kernel void access_sum(__global const float* in, __global float* out, uint n,
                         __local float* scratch) {
    const uint g = get_global_id(0);
    const uint gs = get_global_size(0);
    float acc = 0.0f;
#if defined(WALK_CHUNKED)
    const uint chunk = (n + gs - 1) / gs;
    const uint begin = min(n, g * chunk);
    const uint end = min(n, begin + chunk);
    for (uint i = begin; i < end; ++i) {
        acc += in[i];
    }
#elif defined(WALK_STRIDED2)
    for (uint i = 2 * g; i < n; i += 2 * gs) {
        acc += in[i];
    }
    for (uint i = 2 * g + 1; i < n; i += 2 * gs) {
        acc += in[i];
    }
#else
    for (uint i = g; i < n; i += gs) {
        acc += in[i];
    }
#endif
    const uint l = get_local_id(0);
    scratch[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s) {
            scratch[l] += scratch[l + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) {
        out[get_group_id(0)] = scratch[0];
    }
}
