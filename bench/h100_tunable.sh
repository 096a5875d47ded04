#!/usr/bin/env bash
# The tunable kernel's search on an NVIDIA GPU (run on the GPU machine from a folder that holds
# gpu-reduce-prof, libOpenCL.so.1 and nvidia-opencl.sh; OUT is where the results go):
#   1. successive halving over tunable's 42 configurations x 5 local sizes, with the grid-stride
#      ladder kernels beside it (each searched over its local sizes), at the default n;
#   2. the exhaustive sweep of the same 210 configurations (3 rounds each), to check that
#      halving found the configuration the exhaustive sweep finds.
set -uo pipefail
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${OUT:-.}
bin=$dir/gpu-reduce-prof
[[ -x $dir/gpu-reduce-prof-tuning ]] && bin=$dir/gpu-reduce-prof-tuning
locals=64,128,256,512,1024
{
  echo "# $(date -u +%FT%TZ) $(uname -n); uptime: $(uptime)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader || true
  echo "\$ gpu-reduce-prof run -k tunable,reduce6,reduce_vec4,reduce_single --search halving -l $locals -o h100-tunable.json"
  start=$(date +%s)
  timeout 200 "$dir/nvidia-opencl.sh" "$bin" run -k tunable,reduce6,reduce_vec4,reduce_single --search halving -l $locals \
    -o "$out/h100-tunable.json" --force -q
  echo "# exit $? after $(( $(date +%s) - start )) s"
} 2>&1 | tee "$out/h100-tunable-halving.txt"
{
  echo "\$ gpu-reduce-prof run -k tunable -l $locals --rounds 3 --max-time 0.3 -o h100-tunable-exhaustive.json"
  start=$(date +%s)
  timeout 130 "$dir/nvidia-opencl.sh" "$bin" run -k tunable -l $locals --rounds 3 --max-time 0.3 \
    -o "$out/h100-tunable-exhaustive.json" --force -q --table list | tail -n 30
  echo "# exit $? after $(( $(date +%s) - start )) s"
  python3 - "$out/h100-tunable-exhaustive.json" <<'PY' || true
import json, sys
p = json.load(open(sys.argv[1]))
ok = sorted((c for c in p["cases"] if c["status"] == "ok"), key=lambda c: c["summary"]["median_ns"])
print("exhaustive: %d cases, %d ok; fastest 5:" % (len(p["cases"]), len(ok)))
for c in ok[:5]:
    k = c["key"]
    print("  local=%d %s  %.1f us  %.1f GB/s" % (k["local_size"], " ".join("%s=%s" % kv for kv in sorted(k["params"].items())), c["summary"]["median_ns"] / 1e3, c["gbps"]))
print("best:", json.dumps(p.get("best")))
PY
} 2>&1 | tee "$out/h100-tunable-exhaustive.txt"
