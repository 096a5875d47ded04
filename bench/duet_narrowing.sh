#!/usr/bin/env bash
# A sequential duet whose later processes measure only the sweep points a look left undecided
# (#66 item 5), against the same duet measuring every point in every process: an A/A duet (the
# grid-stride sum beside an identical copy, bench/gate/gridstride_slow.cl) run by two binaries,
# alternated invocation by invocation on one machine. Per invocation: binary, wall seconds,
# processes, why it stopped, rounds measured, candidate and control verdicts.
#   bench/duet_narrowing.sh OLD-BIN NEW-BIN [WRAPPER]
# Environment: OUT (default ./duet-narrowing), ITER (pairs of invocations, 4), SWEEP (default
# "-l 1,8 -n 2^16,2^18"; on a GPU e.g. "-l 64,256 -n 2^20,2^22,2^24,2^26"), WHICH (the binaries
# each pair runs, "old new"; "new" times only the new one, for the A/A false-alarm count alone).
set -euo pipefail
old=$(realpath "$1") new=$(realpath "$2")
wrap=${3:+$(realpath "$3")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(realpath -m "${OUT:-duet-narrowing}")
iter=${ITER:-4}
read -r -a sweep <<<"${SWEEP:--l 1,8 -n 2^16,2^18}"
mkdir -p "$out"
cp "$root/bench/gate/gridstride_slow.cl" "$out/"
k='{"name": "gs", "entry": "gridstride_slow", "args": ["input", "output", "n", "local"],
 "build_options": "-D EXTRA=0", "grid": {"elems_per_item": 1, "max_groups": "8*cu"},
 "local_size": {"pow2": true, "max": 1024}, "local_mem": {"elems_per_item": 1},
 "types": ["float"], "finish": "passes"}'
printf '{"spec_version": 1, "source": "gridstride_slow.cl", "kernels": [%s]}\n' "$k" >"$out/base.json"
cp "$out/base.json" "$out/new.json"
log=$out/duet_narrowing.txt
{
  echo "# $(date -u +%FT%TZ) $(uname -n) $(nproc) CPUs; sweep ${sweep[*]}; $iter pairs"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >>"$log"
for i in $(seq 1 "$iter"); do
  for which in ${WHICH:-old new}; do
    bin=$old; [[ $which == new ]] && bin=$new
    f=$out/${which}_$i.json
    t0=$(date +%s.%N)
    ${wrap:+"$wrap"} "$bin" run -k "$out/new.json" --duet "$out/base.json" "${sweep[@]}" -q \
      --force -o "$f" >/dev/null 2>>"$out/stderr.txt" || true
    t1=$(date +%s.%N)
    ${wrap:+"$wrap"} "$new" compare "$f" --json >"$f.cmp" 2>/dev/null || true
    python3 - "$which" "$f" "$t0" "$t1" >>"$log" <<'PY'
import json, sys
which, f, t0, t1 = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
p = json.load(open(f))
s = p["settings"].get("sequential", {})
rounds = sum(len(c["rounds"]) for c in p["cases"])
v = {}
for c in json.load(open(f + ".cmp"))["comparisons"]:
    for k in c["cases"]:
        v[k["verdict"]] = v.get(k["verdict"], 0) + 1
print("%s wall %.1f s processes %d stopped %s rounds %d verdicts %s" % (
    which, t1 - t0, len(p["runs"]), s.get("stopped"), rounds, json.dumps(v, sort_keys=True)))
PY
  done
done
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$log"
echo "written: $log"
