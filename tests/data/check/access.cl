// Rewrites of tests/data/check/user.cl's `tree` (a grid-stride float sum into a __local tree)
// for check's access gate (tests/cli/check_access.sh) and bench/access_ladder.sh: each loads
// every element exactly once, as `tree` does, and differs only in which work-item loads which.

#define TREE(body)                                                                           \
    for (unsigned int s = get_local_size(0) / 2; s > 0; s >>= 1) {                           \
        body                                                                                 \
    }

#define TREE_TAIL                                                                            \
    part[tid] = acc;                                                                         \
    barrier(CLK_LOCAL_MEM_FENCE);                                                            \
    TREE(if (tid < s) { part[tid] += part[tid + s]; } barrier(CLK_LOCAL_MEM_FENCE);)          \
    if (tid == 0) {                                                                          \
        out[get_group_id(0)] = part[0];                                                      \
    }

// `tree` verbatim under another name: the same instructions on the same addresses.
__kernel void tree_copy(__global const float* in, __global float* out, unsigned int n,
                        __local float* part) {
    const unsigned int tid = get_local_id(0);
    float acc = 0.0f;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
    }
    TREE_TAIL
}

// Chunked: each work-item sums one contiguous chunk. The same loads as the grid-stride loop,
// but at each step neighbouring work-items are a chunk apart: uncoalesced on every GPU.
__kernel void chunked(__global const float* in, __global float* out, unsigned int n,
                      __local float* part) {
    const unsigned int tid = get_local_id(0);
    const unsigned int chunk = (n + get_global_size(0) - 1) / get_global_size(0);
    const unsigned int first = get_global_id(0) * chunk;
    const unsigned int last = min(first + chunk, n);
    float acc = 0.0f;
    for (unsigned int i = first; i < last; ++i) {
        acc += in[i];
    }
    TREE_TAIL
}

// Strided: the grid-stride loop over the array read as 8 columns (element i of the loop is
// in[(i % rows) * 8 + i / rows]; the tail past 8 * rows as is), so neighbouring work-items
// are 32 B apart: each touches its own 32 B sector.
__kernel void strided(__global const float* in, __global float* out, unsigned int n,
                      __local float* part) {
    const unsigned int tid = get_local_id(0);
    const unsigned int rows = n / 8;
    float acc = 0.0f;
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i < 8 * rows ? (i % rows) * 8 + i / rows : i];
    }
    TREE_TAIL
}
