#!/usr/bin/env bash
# The duet with its A/A control, as a user runs it: `run -k NEW.json --duet BASE.json`. The base
# spec holds `gs`, a grid-stride float sum (bench/gate/gridstride_slow.cl, EXTRA=0); the
# candidate spec holds `gs` again (an unchanged commit) and copies that read 5, 10 and 25 % more
# data (gs5, gs10, gs25). run --duet adds base:gs and control:gs (the base built again) and
# alternates all six kernels' launches at each sweep point. `compare --pair
# base:gs=gs,gs5,gs10,gs25 PROFILE` judges each candidate where the control reads same
# (bench/gate_duet.py counts the verdicts, the control's included).
#   bench/gate_duet.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: OUT (folder, default ./gate-duet), RUNS (invocations, 20), FIRST (index of the
# first, 1: several calls can fill one folder), SWEEP (default "-l 64,256 -n 2^20,2^22,2^24,2^26"),
# RUN_ARGS (default "--runs 8 --rounds 48").
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-gate-duet}
runs=${RUNS:-20}
first=${FIRST:-1}
read -r -a sweep <<<"${SWEEP:--l 64,256 -n 2^20,2^22,2^24,2^26}"
read -r -a extra <<<"${RUN_ARGS:---runs 8 --rounds 48}"
mkdir -p "$out/base" "$out/new"
cp "$root/bench/gate/gridstride_slow.cl" "$out/base/"
cp "$root/bench/gate/gridstride_slow.cl" "$out/new/"
entry() { # entry NAME EXTRA
  printf '{"name": "%s", "entry": "gridstride_slow", "args": ["input", "output", "n", "local"],
 "build_options": "-D EXTRA=%s", "grid": {"elems_per_item": 1, "max_groups": "8*cu"},
 "local_size": {"pow2": true, "max": 1024}, "local_mem": {"elems_per_item": 1},
 "types": ["float"], "finish": "passes"}' "$1" "$2"
}
printf '{"spec_version": 1, "source": "gridstride_slow.cl", "kernels": [%s]}\n' \
  "$(entry gs 0)" >"$out/base/gs.json"
printf '{"spec_version": 1, "source": "gridstride_slow.cl", "kernels": [%s, %s, %s, %s]}\n' \
  "$(entry gs 0)" "$(entry gs5 5)" "$(entry gs10 10)" "$(entry gs25 25)" >"$out/new/gs.json"
{
  echo "# $(date -u +%FT%TZ) $(uname -n); run -k new/gs.json --duet base/gs.json ${sweep[*]} ${extra[*]}; invocations $first..$((first + runs - 1))"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >>"$out/gate_duet.txt"
t0=$(date +%s)
for i in $(seq "$first" $((first + runs - 1))); do
  ${wrap:+"$wrap"} "$bin" run -k "$out/new/gs.json" --duet "$out/base/gs.json" "${sweep[@]}" \
    "${extra[@]}" -q --force -o "$out/duet_$i.json" >/dev/null 2>>"$out/stderr.txt" || true
done
echo "# $runs invocations in $(($(date +%s) - t0)) s; load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/gate_duet.txt"
echo "written: $out"
