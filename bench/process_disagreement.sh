#!/usr/bin/env bash
# What varies between a duet's processes (#66 item 5): four identical copies of the grid-stride
# sum (bench/gate/gridstride_slow.cl, EXTRA=0; distinct names, so a program each) beside the
# base, a fixed count of processes, each kernel's per-process median and SM clock per round.
# If the copies of one process read different levels, the offset belongs to the kernel instance
# (its program, code or buffers, decided at build or first launch); if they move together
# against the base from process to process, it belongs to the process (clocks, placement).
#   bench/process_disagreement.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: OUT (default ./process-disagreement), INVOCATIONS (2), RUNS (12 processes each),
# ROUNDS (24), SWEEP (default "-l 64,256 -n 2^20").
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(realpath -m "${OUT:-process-disagreement}")
read -r -a sweep <<<"${SWEEP:--l 64,256 -n 2^20}"
mkdir -p "$out"
cp "$root/bench/gate/gridstride_slow.cl" "$out/"
e() {
  printf '{"name": "%s", "entry": "gridstride_slow", "args": ["input", "output", "n", "local"],
 "build_options": "-D EXTRA=0", "grid": {"elems_per_item": 1, "max_groups": "8*cu"},
 "local_size": {"pow2": true, "max": 1024}, "local_mem": {"elems_per_item": 1},
 "types": ["float"], "finish": "passes"}' "$1"
}
printf '{"spec_version": 1, "source": "gridstride_slow.cl", "kernels": [%s]}\n' "$(e gs)" >"$out/base.json"
printf '{"spec_version": 1, "source": "gridstride_slow.cl", "kernels": [%s, %s, %s, %s]}\n' \
  "$(e gs)" "$(e g2)" "$(e g3)" "$(e g4)" >"$out/new.json"
for i in $(seq 1 "${INVOCATIONS:-2}"); do
  ${wrap:+"$wrap"} "$bin" run -k "$out/new.json" --duet "$out/base.json" "${sweep[@]}" \
    --runs "${RUNS:-12}" --rounds "${ROUNDS:-24}" -q --force -o "$out/duet_$i.json" \
    >/dev/null 2>>"$out/stderr.txt" || true
done
python3 - "$out" >"$out/process_disagreement.txt" <<'PY'
import glob, json, os, statistics, sys
print("# per invocation and sweep point: each kernel's median per process, % off the base's")
for f in sorted(glob.glob(os.path.join(sys.argv[1], "duet_*.json"))):
    p = json.load(open(f))
    points = {}
    for c in p["cases"]:
        k = c["key"]
        for r in c["rounds"]:
            if r.get("median_ns"):
                points.setdefault((k["n"], k["local_size"]), {}).setdefault(
                    k["kernel"], {}).setdefault(r["run"], []).append(r["median_ns"])
    for (n, local), kernels in sorted(points.items()):
        base = {run: statistics.median(v) for run, v in kernels.get("base:gs", {}).items()}
        print("%s n=%d local=%d" % (os.path.basename(f), n, local))
        for name in sorted(kernels):
            if name == "base:gs":
                continue
            offs = ["%+5.1f" % ((statistics.median(v) / base[run] - 1) * 100)
                    for run, v in sorted(kernels[name].items()) if run in base]
            print("  %-12s %s" % (name, " ".join(offs)))
    clocks = {}
    for c in p["cases"]:
        for r in c["rounds"]:
            cond = r.get("conditions") or {}
            if cond.get("clock_mhz_max"):
                clocks.setdefault(r["run"], []).append(cond["clock_mhz_max"])
    if clocks:
        print("  SM clock per process (median of rounds' max, MHz): " +
              " ".join("%d" % statistics.median(v) for _, v in sorted(clocks.items())))
PY
echo "written: $out/process_disagreement.txt"
