#!/usr/bin/env bash
# The simulator's half of #68's validation: check's access metrics (docs/check.md, "Access
# metrics") and work counts for the reduction ladder and its variants at n = 2^20 float, as a
# table to rank against time measured on a GPU (the lead times the same kernels on the H200 and
# computes Spearman's rank correlation).
#   bench/access_ladder.sh BIN     # writes bench/results/pocl-access-ladder.{txt,tsv}
# Kernels: the built-in ladder reduce0 ... reduce6 and reduce_chunk; a grid-stride sum and its
# rewrites (bench/access_variants.json: tests/data/check/access.cl's `tree_copy`, `chunked`: one
# contiguous chunk per work-item, `strided`: neighbours 32 B apart); the NVIDIA SDK signature
# kernels of examples/sdk-signature. The same kernels timed on a GPU:
#   gpu-reduce-prof run -k KERNELS|bench/access_variants.json|examples/sdk-signature/sdk_reduction.json
#     -t float -n 1048576 -l 256 One local size (LOCAL, default 256). OUT: scratch folder; a
# group whose profile is already there is not checked again (about 2 minutes per kernel at
# 2^20 on a loaded 2-core VM: an interrupted run resumes).
set -euo pipefail
bin=$(realpath "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$(mktemp -d)}
local_size=${LOCAL:-256}
# The GPU the grids are planned for ("8*cu" groups): its compute units, from a timed profile
# (default: a fixture with the 132 SMs of an H100 SXM or H200).
plan=$(realpath "${PLAN:-$root/tests/data/check/gpu_facts.json}")
n=$((1 << 20))
mkdir -p "$out"
check() { # NAME ARGS...
  local name=$1; shift
  [[ -s $out/$name.json ]] && return 0
  local t0; t0=$(date +%s)
  "$bin" check "$@" -t float -n "$n" -l "$local_size" --estimate-for "$plan" -q --force \
    -o "$out/$name.json" >/dev/null ||
    [[ $? == 1 ]]
  echo "$name: $(($(date +%s) - t0)) s" >&2
}
check ladder_a -k reduce0,reduce1,reduce2,reduce3,reduce4,reduce5
check ladder_b -k reduce6,reduce_chunk
check ladder_c -k reduce_vec4
check variants -k "$root/bench/access_variants.json"
check variants_full -k "$root/bench/access_variants_full.json"
check sdk -k "$root/examples/sdk-signature/sdk_reduction.json"
mkdir -p "$root/bench/results"
python3 - "$out" "$root/bench/results/pocl-access-ladder" "$("$bin" --version | head -1)" <<'PY'
import glob, json, os, sys
rows, seen = [], set()
order = ["reduce%d" % i for i in range(7)] + ["reduce_vec4", "reduce_chunk", "grid_stride",
                                             "grid_chunked", "grid_strided", "full_stride",
                                             "full_chunked", "full_strided", "sdk_reduce2",
                                             "sdk_reduce5", "sdk_reduce6"]
# Every profile in OUT (a resumed run may have checked a kernel in another group): each case
# once, in the ladder's order.
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    p = json.load(open(f))
    for c in p["cases"]:
        k = c.get("check") or {}
        a = k.get("access")
        if c["status"] != "ok" or not a or c["key"]["kernel"] in seen:
            if c["status"] != "ok" or not a:
                print("skipped %s: %s %s" % (c["key"]["kernel"], c["status"], c.get("reason", "")),
                      file=sys.stderr)
            continue
        seen.add(c["key"]["kernel"])
        tot = lambda key: sum(q["bytes"].get(key, 0) for q in k["passes"])
        seg = a["segments_per_request"]
        rows.append({
            "kernel": c["key"]["kernel"], "local": c["key"]["local_size"], "n": c["key"]["n"],
            "sectors_per_req_w32": seg["w32_b32"], "lines_per_req_w32": seg["w32_b128"],
            "new_sectors_per_req": a.get("new_sectors_per_request", float("nan")),
            "miss_request_share": a.get("miss_request_share", float("nan")),
            "lines_per_req_w64": seg["w64_b128"],
            "global_sectors": round(seg["w32_b32"] * a["global_requests"]),
            "bank_conflict_ways": a["bank_conflict_ways"], "simd_efficiency": a["simd_efficiency"],
            "instructions_per_barrier": a["instructions_per_barrier"],
            "instructions": sum(q["instructions"] for q in k["passes"]),
            "global_load_B": tot("load global") + tot("load constant"),
            "local_B": tot("load local") + tot("store local"),
            "barriers": sum(q["barriers"] for q in k["passes"]),
            "passes": len(k["passes"]),
            "line_entropy_bits": a["line_entropy_bits"],
        })
rows.sort(key=lambda r: order.index(r["kernel"]) if r["kernel"] in order else len(order))
cols = list(rows[0].keys())
with open(sys.argv[2] + ".tsv", "w") as t:
    t.write("\t".join(cols) + "\n")
    for r in rows:
        t.write("\t".join("%.4f" % r[c] if isinstance(r[c], float) else str(r[c]) for c in cols) + "\n")
fmt = lambda v: "%.2f" % v if isinstance(v, float) else str(v)
width = {c: max(len(c), *(len(fmt(r[c])) for r in rows)) for c in cols}
with open(sys.argv[2] + ".txt", "w") as t:
    t.write("# bench/access_ladder.sh: check's access metrics at n = 2^20 float on Oclgrind 21.10\n")
    t.write("# (%s; machine-readable: pocl-access-ladder.tsv). sectors_per_req_w32: 32 B sectors\n" % sys.argv[3])
    t.write("# a warp-32 request touches (4 = coalesced floats); global_sectors = that x requests.\n")
    t.write("  ".join(c.rjust(width[c]) if i else c.ljust(width[c]) for i, c in enumerate(cols)) + "\n")
    for r in rows:
        t.write("  ".join(fmt(r[c]).rjust(width[c]) if i else fmt(r[c]).ljust(width[c])
                          for i, c in enumerate(cols)) + "\n")
print(open(sys.argv[2] + ".txt").read())
PY
