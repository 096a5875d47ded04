// The vec3 reduction (sums of x, y and z over n records) in three data layouts with identical
// values, so their timings differ only by how the data sits in memory:
//   aos12  packed {float x, y, z}: 12-byte stride, read with vload3 (OpenCL C float3 is 16
//          bytes, so it cannot describe this layout)
//   aos16  {float x, y, z} aligned to 16 bytes: one 16-byte load per record, 4 bytes wasted
//   soa    three float arrays: neighbouring work-items read neighbouring words
// Partial sums are written in the same layout as the input, so later passes run the same
// kernel on them. __local scratch holds 3 x local floats: x at [0, L), y at [L, 2L), z at
// [2L, 3L).

typedef struct __attribute__((packed)) {
    float x, y, z;
} rec12;

typedef struct __attribute__((aligned(16))) {
    float x, y, z;
} rec16;

// What the device compiler makes of the layouts; the host checks it before any timing.
__kernel void layout_sizes(__global unsigned int* out) {
    out[0] = sizeof(rec12);
    out[1] = __alignof__(rec12);
    out[2] = sizeof(rec16);
    out[3] = __alignof__(rec16);
    out[4] = sizeof(float3);
    out[5] = sizeof(float4);
}

inline void tree3(__local float* s, unsigned int tid) {
    const unsigned int L = get_local_size(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int k = L / 2; k > 0; k >>= 1) {
        if (tid < k) {
            s[tid] += s[tid + k];
            s[L + tid] += s[L + tid + k];
            s[2 * L + tid] += s[2 * L + tid + k];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

inline void put3(__local float* s, unsigned int tid, float3 v) {
    const unsigned int L = get_local_size(0);
    s[tid] = v.x;
    s[L + tid] = v.y;
    s[2 * L + tid] = v.z;
}

inline float3 total3(__local float* s) {
    const unsigned int L = get_local_size(0);
    return (float3)(s[0], s[L], s[2 * L]);
}

// One record per work-item, then the tree.
__kernel void vec3_tree_aos12(__global const float* in, __global float* out, unsigned int n,
                              __local float* s) {
    unsigned int i = get_global_id(0), tid = get_local_id(0);
    put3(s, tid, i < n ? vload3(i, in) : (float3)(0.0f));
    tree3(s, tid);
    if (tid == 0) {
        vstore3(total3(s), get_group_id(0), out);
    }
}

__kernel void vec3_tree_aos16(__global const rec16* in, __global rec16* out, unsigned int n,
                              __local float* s) {
    unsigned int i = get_global_id(0), tid = get_local_id(0);
    float3 v = (float3)(0.0f);
    if (i < n) {
        rec16 r = in[i];
        v = (float3)(r.x, r.y, r.z);
    }
    put3(s, tid, v);
    tree3(s, tid);
    if (tid == 0) {
        float3 t = total3(s);
        rec16 r = {t.x, t.y, t.z};
        out[get_group_id(0)] = r;
    }
}

// aos16 read as float4: the same bytes, one vector load; .w is padding and never summed.
__kernel void vec3_tree_float4(__global const float4* in, __global float4* out, unsigned int n,
                               __local float* s) {
    unsigned int i = get_global_id(0), tid = get_local_id(0);
    put3(s, tid, i < n ? in[i].xyz : (float3)(0.0f));
    tree3(s, tid);
    if (tid == 0) {
        out[get_group_id(0)] = (float4)(total3(s), 0.0f);
    }
}

__kernel void vec3_tree_soa(__global const float* x, __global const float* y,
                            __global const float* z, __global float* ox, __global float* oy,
                            __global float* oz, unsigned int n, __local float* s) {
    unsigned int i = get_global_id(0), tid = get_local_id(0);
    put3(s, tid, i < n ? (float3)(x[i], y[i], z[i]) : (float3)(0.0f));
    tree3(s, tid);
    if (tid == 0) {
        float3 t = total3(s);
        ox[get_group_id(0)] = t.x;
        oy[get_group_id(0)] = t.y;
        oz[get_group_id(0)] = t.z;
    }
}

// Several records per work-item: a grid-stride loop over a capped number of groups.
__kernel void vec3_grid_aos12(__global const float* in, __global float* out, unsigned int n,
                              __local float* s) {
    unsigned int tid = get_local_id(0);
    float3 acc = (float3)(0.0f);
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += vload3(i, in);
    }
    put3(s, tid, acc);
    tree3(s, tid);
    if (tid == 0) {
        vstore3(total3(s), get_group_id(0), out);
    }
}

__kernel void vec3_grid_aos16(__global const rec16* in, __global rec16* out, unsigned int n,
                              __local float* s) {
    unsigned int tid = get_local_id(0);
    float3 acc = (float3)(0.0f);
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        rec16 r = in[i];
        acc += (float3)(r.x, r.y, r.z);
    }
    put3(s, tid, acc);
    tree3(s, tid);
    if (tid == 0) {
        float3 t = total3(s);
        rec16 r = {t.x, t.y, t.z};
        out[get_group_id(0)] = r;
    }
}

__kernel void vec3_grid_float4(__global const float4* in, __global float4* out, unsigned int n,
                               __local float* s) {
    unsigned int tid = get_local_id(0);
    float3 acc = (float3)(0.0f);
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i].xyz;
    }
    put3(s, tid, acc);
    tree3(s, tid);
    if (tid == 0) {
        out[get_group_id(0)] = (float4)(total3(s), 0.0f);
    }
}

__kernel void vec3_grid_soa(__global const float* x, __global const float* y,
                            __global const float* z, __global float* ox, __global float* oy,
                            __global float* oz, unsigned int n, __local float* s) {
    unsigned int tid = get_local_id(0);
    float3 acc = (float3)(0.0f);
    for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += (float3)(x[i], y[i], z[i]);
    }
    put3(s, tid, acc);
    tree3(s, tid);
    if (tid == 0) {
        float3 t = total3(s);
        ox[get_group_id(0)] = t.x;
        oy[get_group_id(0)] = t.y;
        oz[get_group_id(0)] = t.z;
    }
}
