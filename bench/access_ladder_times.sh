#!/usr/bin/env bash
# The access ladder's measured side (#68 item 4): times, on the device a WRAPPER selects (the
# H200: .device/nvidia-opencl.sh), the kernels whose access metrics `check` computes on Oclgrind
# (bench/access_ladder.sh): reduce0..reduce6, reduce_vec4 and reduce_chunk, the grid-stride
# variants of bench/access_variants.json (coalesced, chunked, strided: the same loads), and the
# NVIDIA SDK kernels, at n = 2^20 floats and local sizes 64..1024. One profile per group in OUT,
# and OUT/ladder_times.tsv: kernel, local size, median ns (verified cases only).
#   bench/access_ladder_times.sh BIN [WRAPPER]
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$here/..
out=$(realpath -m "${OUT:-ladder-times}")
mkdir -p "$out"
g() { ${wrap:+"$wrap"} "$bin" "$@"; }
common=(-t float -n 2^20 -l 64,128,256,512,1024 -q --force)
g run -k reduce0,reduce1,reduce2,reduce3,reduce4,reduce5,reduce6,reduce_vec4,reduce_chunk \
  "${common[@]}" -o "$out/ladder.json" || true
g run -k "$here/access_variants.json" "${common[@]}" -o "$out/variants.json" || true
g run -k "$root/examples/sdk-signature/sdk_reduction.json" "${common[@]}" -o "$out/sdk.json" || true
python3 - "$out" >"$out/ladder_times.tsv" <<'PY'
import json, os, sys
print("kernel\tlocal\tmedian_ns\tstatus")
for f in ("ladder.json", "variants.json", "sdk.json"):
    path = os.path.join(sys.argv[1], f)
    if not os.path.exists(path):
        continue
    for c in json.load(open(path))["cases"]:
        m = c.get("summary", {}).get("median_ns") if c["status"] == "ok" else None
        print("%s\t%d\t%s\t%s" % (c["key"]["kernel"], c["key"]["local_size"], m, c["status"]))
PY
echo "written: $out/ladder_times.tsv"
