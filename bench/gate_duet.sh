#!/usr/bin/env bash
# A "duet" set: the baseline kernel (built-in reduce_vec4) and candidate copies of it in the
# same invocation, so every round measures both back to back and whatever an invocation or a
# process shares (clocks, placement, load) lands on both. Candidates: `dup` (the slowable copy
# with SPIN=0: the same loop, two more arguments) and copies slowed by SPIN dependent
# multiply-adds per work-item (bench/gate/slow_vec4.cl). bench/gate_duet.py analyses it.
#   bench/gate_duet.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: OUT (folder, default ./gate-duet), RUNS (invocations, 20), SPINS ("440 480 520"),
# SWEEP (default "-l 64,256 -n 2^22").
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-gate-duet}
runs=${RUNS:-20}
read -r -a sweep <<<"${SWEEP:--l 64,256 -n 2^22}"
mkdir -p "$out/spec"
cat "$root/kernels/reduce.cl" "$root/bench/gate/slow_vec4.cl" >"$out/spec/slow_vec4.cl"
entry() { # entry NAME SPIN: one kernel of the spec
  printf '{"name": "%s", "entry": "reduce_vec4_slow", "description": "reduce_vec4 + spin %s",
 "args": ["input", "output", "n", "local", {"const": "float", "value": 1}, {"const": "float", "value": 0}],
 "build_options": "-D T={type} -D blockSize={local_size} -D nIsPow2={n_is_pow2} -D SPIN=%s",
 "grid": {"elems_per_item": 4, "max_groups": "8*cu"}, "local_size": {"pow2": true, "max": 1024},
 "types": ["float"], "finish": "passes"}' "$1" "$2" "$2"
}
{
  echo '{"spec_version": 1, "source": "slow_vec4.cl", "kernels": ['
  entry dup 0
  for s in ${SPINS:-440 480 520}; do echo ,; entry "s$s" "$s"; done
  echo ']}'
} >"$out/spec/duet.json"
{
  echo "# $(date -u +%FT%TZ) $(uname -n); sweep: -k reduce_vec4,reduce6,duet.json ${sweep[*]}; runs=$runs"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$out/gate_duet.txt"
t0=$(date +%s)
for i in $(seq 1 "$runs"); do
  ${wrap:+"$wrap"} "$bin" run -k "reduce_vec4,reduce6,$out/spec/duet.json" "${sweep[@]}" -q --force \
    -o "$out/duet_$i.json" >/dev/null 2>>"$out/stderr.txt"
done
echo "# $runs invocations in $(($(date +%s) - t0)) s; load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/gate_duet.txt"
echo "written: $out"
