#!/usr/bin/env bash
# The access ladder's measured side (#68 item 4): times, on the device a WRAPPER selects (the
# GPU machine's .device/nvidia-opencl.sh), the kernels whose access metrics and estimate `check`
# computes on Oclgrind (bench/access_ladder.sh): reduce0..reduce6, reduce_vec4 and reduce_chunk,
# the grid-stride variants of bench/access_variants.json (coalesced, chunked, strided: the same
# loads, 16 groups) and bench/access_variants_full.json (the same with 1056 groups: 8 per SM of
# a 132-SM GPU), and the NVIDIA SDK kernels. One profile per group, size and invocation in OUT,
# and OUT/ladder_times.tsv: n, invocation, kernel, local size, median ns, status.
#   bench/access_ladder_times.sh BIN [WRAPPER]
#   N="2^20 2^24" LOCALS=256 RUNS=3 (defaults: 2^20, 64..1024, 1 invocation)
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$here/..
out=$(realpath -m "${OUT:-ladder-times}")
mkdir -p "$out"
g() { ${wrap:+"$wrap"} "$bin" "$@"; }
for n in ${N:-2^20}; do
  for r in $(seq 1 "${RUNS:-1}"); do
    common=(-t float -n "$n" -l "${LOCALS:-64,128,256,512,1024}" -q --force)
    tag="${n/^/p}-$r"
    g run -k reduce0,reduce1,reduce2,reduce3,reduce4,reduce5,reduce6,reduce_vec4,reduce_chunk \
      "${common[@]}" -o "$out/ladder-$tag.json" || true
    g run -k "$here/access_variants.json" "${common[@]}" -o "$out/variants-$tag.json" || true
    g run -k "$here/access_variants_full.json" "${common[@]}" -o "$out/full-$tag.json" || true
    g run -k "$root/examples/sdk-signature/sdk_reduction.json" "${common[@]}" \
      -o "$out/sdk-$tag.json" || true
  done
done
python3 - "$out" >"$out/ladder_times.tsv" <<'PY'
import glob, json, os, sys
print("n\trun\tkernel\tlocal\tmedian_ns\tstatus")
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*-*-*.json"))):
    run = os.path.basename(path).rsplit("-", 1)[1].split(".")[0]
    for c in json.load(open(path))["cases"]:
        m = c.get("summary", {}).get("median_ns") if c["status"] == "ok" else None
        print("%d\t%s\t%s\t%d\t%s\t%s" % (c["key"]["n"], run, c["key"]["kernel"],
                                          c["key"]["local_size"], m, c["status"]))
PY
echo "written: $out/ladder_times.tsv"
