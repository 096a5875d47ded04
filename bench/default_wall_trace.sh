#!/usr/bin/env bash
# Where a default run's wall time goes, finer than its phases: binaries built with
# bench/default_wall_trace.patch applied (it prints "T <point> <epoch s>" on stderr at main, after
# parsing, around the sensors and the context, after planning and measuring, at the end, and adds
# the sampling's parts as phases named s.*: chain, warmup, flush, meter, inputcheck, read, ...),
# alternated run by run, each with the default options on -d nvidia.
#   bench/default_wall_trace.sh WRAPPER BIN...   # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: REPEAT (5), MODE (warm, or fresh: NVIDIA's compute cache emptied before each run).
# Prints per run: wall, the time between trace points (exit: the last point to the process's end)
# and the profile's phases.
set -euo pipefail
wrap=$(realpath "$1")
shift
echo "# $(date -u +%FT%TZ) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), mode ${MODE:-warm}"
"$wrap" "$1" run -q -d nvidia -o /tmp/grp-trace.json --force >/dev/null 2>&1 || true # warm the cache
for i in $(seq "${REPEAT:-5}"); do
  for b in "$@"; do
    [[ ${MODE:-warm} == fresh ]] && rm -rf "$HOME/.nv/ComputeCache"
    s=$EPOCHREALTIME
    "$wrap" "$b" run -q -d nvidia -o /tmp/grp-trace.json --force 2>/tmp/grp-trace.err >/dev/null
    e=$EPOCHREALTIME
    python3 - "$s" "$e" /tmp/grp-trace.err /tmp/grp-trace.json "$(basename "$b")" <<'PY'
import json, sys
s, e = float(sys.argv[1]), float(sys.argv[2])
points = [l.split() for l in open(sys.argv[3]) if l.startswith("T ")]
prev, out = s, []
for _, name, t in points:
    out.append("%s +%.3f" % (name, float(t) - prev))
    prev = float(t)
out.append("exit +%.3f" % (e - prev))
p = json.load(open(sys.argv[4]))
ok = sum(1 for c in p["cases"] if c["status"] == "ok")
print("%s wall %.3f ok=%d: %s" % (sys.argv[5], e - s, ok, ", ".join(out)))
phases = sorted(p["runs"][0]["phases_s"].items(), key=lambda kv: -kv[1])
print("    " + ", ".join("%s %.3f" % (k, v) for k, v in phases if v >= 0.005))
PY
  done
done
