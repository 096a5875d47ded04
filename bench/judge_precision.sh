#!/usr/bin/env bash
# The precision check and the held-out size check (issue #64, docs/judge.md) over sizes, side by
# side in one invocation per part:
#   1. the red team: tests/data/precision (accumulators narrower than the declared type) and
#      tests/data/sizes (a float4 kernel without its tail) at every power of two from 2^10 to
#      MAX (default 2^26): each narrow or tail-dropping case must end wrong, every twin ok;
#   2. false alarms: every built-in kernel x int, uint, float, double x the layouts x local
#      sizes LOCALS (default 1,8,64,256) at SIZES (default 2^10,2^16,100003,2^20), and the NVIDIA
#      SDK signature's spec (examples/sdk-signature) at the same sizes: every case of a safe
#      kernel must end ok with its precision and held-out records ok.
# Environment: MAX, LOCALS, SIZES, LAYOUTS (flat,aos12,aos16,soa), TYPES (int,uint,float,double),
# RED (1; 0 leaves the red team out, e.g. for a second call at larger sizes), ARGS (extra run
# options for every call, e.g. "--launch-timeout 900" on Oclgrind, whose launches on a loaded
# VM outlast the default 60 s).
#   bench/judge_precision.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Prints the counts by outcome and every case that is not as expected.
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
max=${MAX:-26}
sizes=$(seq -s, -f '2^%g' 10 2 "$max")
read -r -a extra <<<"${ARGS:-}"
quick=(--runs 1 --rounds 1 --round-spacing 0 --min-samples 1 --max-time 0 --no-peak -q "${extra[@]}")
echo "# $(date -u +%FT%TZ) $(uname -n), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
${wrap:+"$wrap"} "$bin" platforms 2>/dev/null | head -2
if [[ ${RED:-1} == 1 ]]; then
  ${wrap:+"$wrap"} "$bin" run -k "$here/tests/data/precision/precision.json" -t float,double -l 256 \
    -n "$sizes" "${quick[@]}" -o "$out/precision.json" >/dev/null 2>&1 || true
  ${wrap:+"$wrap"} "$bin" run -k "$here/tests/data/sizes/tail.json" -t int,float,double -l 256 \
    -n "$sizes" "${quick[@]}" -o "$out/sizes.json" >/dev/null 2>&1 || true
fi
${wrap:+"$wrap"} "$bin" run -k all -t "${TYPES:-int,uint,float,double}" \
  --layout "${LAYOUTS:-flat,aos12,aos16,soa}" -l "${LOCALS:-1,8,64,256}" \
  -n "${SIZES:-2^10,2^16,100003,2^20}" "${quick[@]}" -o "$out/all.json" >/dev/null 2>&1 || true
${wrap:+"$wrap"} "$bin" run -k "$here/examples/sdk-signature/sdk_reduction.json" -t int,float \
  -l "${LOCALS:-1,8,64,256}" -n "${SIZES:-2^10,2^16,100003,2^20}" "${quick[@]}" \
  -o "$out/sdk.json" >/dev/null 2>&1 || true
python3 - "$out" <<'PY'
import collections, json, os, sys
out = sys.argv[1]
unsafe = {"reduce4_lockstep", "reduce_single"}  # not safe by design: wrong is their right answer
def cases(name):
    return [c for c in json.load(open(os.path.join(out, name)))["cases"] if c["status"] != "skipped"]
def show(c):
    k = c["key"]
    return "%s %s %s n=%d local=%d: %s %s" % (k["kernel"], k["type"], k["layout"], k["n"],
        k["local_size"], c["status"], (c.get("reason") or "")[:160])
for name in ("precision.json", "sizes.json"):
    if not os.path.exists(os.path.join(out, name)):
        continue
    counts, odd = collections.Counter(), []
    for c in cases(name):
        honest = c["key"]["kernel"].endswith(("_honest", "vec4_tail"))
        want = "ok" if honest else "wrong"
        counts[(("twin" if honest else "cheat"), c["status"])] += 1
        if c["status"] != want:
            odd.append(show(c))
    print("%s: %s" % (name, dict(counts)))
    for line in odd:
        print("  NOT AS EXPECTED: " + line)
counts, odd = collections.Counter(), []
for c in cases("all.json") + (cases("sdk.json") if os.path.exists(os.path.join(out, "sdk.json")) else []):
    v = c["verification"]
    p, h = v.get("precision"), v.get("held_out")
    tag = (c["status"], "precision " + ("-" if p is None else ("ok" if p["ok"] else "off")),
           "held-out " + ("-" if h is None else ("note" if h["note"] else ("ok" if h["ok"] else "wrong"))))
    counts[tag] += 1
    if c["key"]["kernel"] not in unsafe and c["status"] != "ok":
        odd.append(show(c))
print("built-ins (all x types x layouts x local sizes) and the SDK spec: %d cases" % sum(counts.values()))
for tag, n in sorted(counts.items()):
    print("  %5d %s" % (n, ", ".join(tag)))
print("false alarms (a safe kernel not ok): %d" % len(odd))
for line in odd:
    print("  " + line)
PY
