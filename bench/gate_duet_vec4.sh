#!/usr/bin/env bash
# A "duet" set: a baseline kernel and candidate kernels measured in the same invocation, so
# every round times both and whatever an invocation or a process shares (clocks, placement,
# load) lands on both. All are the built-in reduce_vec4 loaded through a user spec
# (bench/gate/slow_vec4.cl): `old` (the baseline, KNOB=0), `same` (the identical kernel under
# another name: what an unchanged commit is) and `sL` slowed by KNOB=L for each L in LEVELS.
# KNOB=SPIN adds a fixed chain of dependent multiply-adds per work-item (shows on short GPU
# kernels); KNOB=SLOW adds multiply-adds per loaded vector (shows on CPUs).
# `compare --pair old=same,sL... PROFILE` judges them (bench/gate_duet_vec4.py counts verdicts).
#   bench/gate_duet_vec4.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: OUT (folder, default ./gate-duet), RUNS (invocations, 20), KNOB (SPIN),
# LEVELS ("220 440 1000"), SWEEP (default "-l 64,256 -n 2^22"), RUN_ARGS (more run options).
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-gate-duet}
runs=${RUNS:-20}
knob=${KNOB:-SPIN}
read -r -a sweep <<<"${SWEEP:--l 64,256 -n 2^22}"
read -r -a extra <<<"${RUN_ARGS:-}"
mkdir -p "$out/spec"
cat "$root/kernels/reduce.cl" "$root/bench/gate/slow_vec4.cl" >"$out/spec/slow_vec4.cl"
entry() { # entry NAME LEVEL: one kernel of the spec
  printf '{"name": "%s", "entry": "reduce_vec4_slow", "description": "reduce_vec4 + %s %s",
 "args": ["input", "output", "n", "local", {"const": "float", "value": 1}, {"const": "float", "value": 0}],
 "build_options": "-D T={type} -D blockSize={local_size} -D nIsPow2={n_is_pow2} -D %s=%s",
 "grid": {"elems_per_item": 4, "max_groups": "8*cu"}, "local_size": {"pow2": true, "max": 1024},
 "types": ["float"], "finish": "passes"}' "$1" "$knob" "$2" "$knob" "$2"
}
{
  echo '{"spec_version": 1, "source": "slow_vec4.cl", "kernels": ['
  entry old 0
  echo ,
  entry same 0
  for l in ${LEVELS:-220 440 1000}; do echo ,; entry "s$l" "$l"; done
  echo ']}'
} >"$out/spec/duet.json"
{
  echo "# $(date -u +%FT%TZ) $(uname -n); sweep: -k duet.json ${sweep[*]} ${extra[*]}; runs=$runs; $knob levels ${LEVELS:-220 440 1000}"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$out/gate_duet.txt"
t0=$(date +%s)
for i in $(seq 1 "$runs"); do
  ${wrap:+"$wrap"} "$bin" run -k "$out/spec/duet.json" "${sweep[@]}" "${extra[@]}" -q --force \
    -o "$out/duet_$i.json" >/dev/null 2>>"$out/stderr.txt"
done
echo "# $runs invocations in $(($(date +%s) - t0)) s; load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/gate_duet.txt"
echo "written: $out"
