#!/usr/bin/env bash
# A/A duets of two builds, invocation by invocation on one machine: does the round order matter?
# Runs bench/gate_duet_vec4.sh once per build per iteration, alternating (BASE, NEW, BASE, NEW ...),
# so both builds see the same machine states; each invocation times `old`, an identical `same`
# and a slowed `s220` (KNOB=SPIN 220) in every round. bench/duet_table.py then tabulates
# compare --pair's verdicts and mean ratio per case for each build.
#   bench/duet_order_ab.sh BASE_BIN NEW_BIN [WRAPPER]   # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: OUT (default ./duet-order-ab), ITER (10), SWEEP ("-l 64,256 -n 2^20,2^22"),
# RUN_ARGS ("--runs 8 --rounds 48").
set -euo pipefail
base=$(realpath "$1") new=$(realpath "$2")
wrap=${3:+$(realpath "$3")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-duet-order-ab}
mkdir -p "$out/base" "$out/new"
for i in $(seq 1 "${ITER:-10}"); do
  for v in base new; do
    bin=$new
    [[ $v == base ]] && bin=$base
    OUT=$out/tmp RUNS=1 LEVELS=220 SWEEP="${SWEEP:--l 64,256 -n 2^20,2^22}" \
      RUN_ARGS="${RUN_ARGS:---runs 8 --rounds 48}" "$root/bench/gate_duet_vec4.sh" "$bin" ${wrap:+"$wrap"} >/dev/null
    mv "$out/tmp/duet_1.json" "$out/$v/duet_$i.json"
    cat "$out/tmp/gate_duet.txt" >>"$out/$v/gate_duet.txt"
    rm -rf "$out/tmp"
  done
done
echo "written: $out/base, $out/new (tabulate: bench/duet_table.py BIN $out/base)"
