#!/usr/bin/env python3
"""#47's 2^28 experiment: writes DIR/reduce_loads.cl, kernels/reduce.cl with the load phase of
reduce_onepass (stride_vec4_sum) parameterised, and DIR/onepass_loads.json, a spec that sweeps
it: L float4 loads in flight per work-item and C, how a float4 is read (0: vload4 from a float
pointer, whose address only needs 4-byte alignment; 1: a float4 pointer, 16-byte aligned, which
a buffer's start is). The suite had L=4, C=0 when this ran (bench/results/h200-onepass-loads.txt)
and took L=2, C=1 from it. Everything else stays the suite's kernel. Usage: make_variant.py KERNELS/reduce.cl DIR"""
import pathlib
import sys

VARIANT = r"""#ifndef GRP_LOADS
#define GRP_LOADS 4
#endif
#if GRP_CAST4
#define GRP_LOAD4(i) (((__global const T4*)g_idata)[i])
#else
#define GRP_LOAD4(i) vload4((i), g_idata)
#endif
inline T stride_vec4_sum(__global const T* g_idata, unsigned int n) {
    const unsigned int nvec = n / 4;
    const unsigned int grid = get_global_size(0);
    unsigned int v = get_global_id(0);
    T4 a[GRP_LOADS];
    for (int k = 0; k < GRP_LOADS; ++k) {
        a[k] = (T4)(IDENTITY);
    }
    for (; v + (GRP_LOADS - 1) * grid < nvec; v += GRP_LOADS * grid) {
#pragma unroll
        for (int k = 0; k < GRP_LOADS; ++k) {
            a[k] = REDUCE4(a[k], GRP_LOAD4(v + k * grid));
        }
    }
    for (; v < nvec; v += grid) {
        a[0] = REDUCE4(a[0], GRP_LOAD4(v));
    }
    T4 acc = a[0];
    for (int k = 1; k < GRP_LOADS; ++k) {
        acc = REDUCE4(acc, a[k]);
    }
    T sum = REDUCE(REDUCE(acc.x, acc.y), REDUCE(acc.z, acc.w));
    if (get_global_id(0) == 0) {
        for (unsigned int j = nvec * 4; j < n; ++j) {
            sum = REDUCE(sum, g_idata[j]);
        }
    }
    return sum;
}
"""

SPEC = """{"spec_version": 1, "source": "reduce_loads.cl",
 "kernels": [{"name": "onepass_loads", "entry": "reduce_onepass",
   "description": "reduce_onepass with L float4 loads in flight and C the load form (0 vload4, 1 a float4 pointer)",
   "args": ["input", "output", "n", "local", "counter"], "finish": "last_group",
   "build_options": "-D T={type} -D blockSize={local_size} -D nIsPow2={n_is_pow2} -D GRP_OP_{op} -D GRP_T_{type} -D GRP_LOADS={L} -D GRP_CAST4={C}",
   "params": {"L": [2, 4, 8], "C": [0, 1]},
   "grid": {"elems_per_item": 16, "max_groups": "8*cu"},
   "local_size": {"pow2": true, "max": 1024}, "types": ["float"]}]}
"""


def main():
    src = pathlib.Path(sys.argv[1]).read_text()
    out = pathlib.Path(sys.argv[2])
    start = src.index("inline T stride_vec4_sum(")
    end = src.index("\n}\n", start) + 3
    out.mkdir(parents=True, exist_ok=True)
    (out / "reduce_loads.cl").write_text(src[:start] + VARIANT + src[end:])
    (out / "onepass_loads.json").write_text(SPEC)


if __name__ == "__main__":
    main()
