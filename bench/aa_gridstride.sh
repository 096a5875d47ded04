#!/usr/bin/env bash
# A/A duets of a user-style kernel (bench/gate/gridstride_slow.cl at EXTRA=0, a grid-stride float sum with a
# __local tree) built twice under two names, `old` and `same`, timed in the same rounds of one
# invocation, for two builds of the tool in turn (BASE, NEW, BASE, NEW ...) on one machine: the
# identical copy's verdicts and mean ratio are the bias of each build's experiment.
#   bench/aa_gridstride.sh BASE_BIN NEW_BIN [WRAPPER]     # then: bench/duet_table.py BIN DIR old=same
# Environment: OUT (default ./aa-gridstride), ITER (10), SWEEP ("-l 64,256 -n 2^22,2^26"),
# RUN_ARGS ("--runs 8 --rounds 48"), REVERSED (1: the spec lists `same` before `old`).
set -euo pipefail
base=$(realpath "$1") new=$(realpath "$2")
wrap=${3:+$(realpath "$3")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-aa-gridstride}
read -r -a sweep <<<"${SWEEP:--l 64,256 -n 2^22,2^26}"
read -r -a extra <<<"${RUN_ARGS:---runs 8 --rounds 48}"
mkdir -p "$out/spec" "$out/base" "$out/new"
cp "$root/bench/gate/gridstride_slow.cl" "$out/spec/"
entry() {
  printf '{"name": "%s", "entry": "gridstride_slow", "args": ["input", "output", "n", "local"],
 "grid": {"elems_per_item": 1, "max_groups": "8*cu"}, "local_size": {"pow2": true, "max": 1024},
 "local_mem": {"elems_per_item": 1}, "types": ["float"], "finish": "passes"}' "$1"
}
first=old second=same
[[ ${REVERSED:-0} == 1 ]] && first=same second=old
printf '{"spec_version": 1, "source": "gridstride_slow.cl", "kernels": [%s, %s]}\n' \
  "$(entry "$first")" "$(entry "$second")" >"$out/spec/aa.json"
for i in $(seq 1 "${ITER:-10}"); do
  for v in base new; do
    bin=$new
    [[ $v == base ]] && bin=$base
    ${wrap:+"$wrap"} "$bin" run -k "$out/spec/aa.json" "${sweep[@]}" "${extra[@]}" -q --force \
      -o "$out/$v/duet_$i.json" >/dev/null 2>>"$out/$v/stderr.txt" || true
  done
done
echo "# $(date -u +%FT%TZ) $(uname -n); ${sweep[*]} ${extra[*]}; load $(cut -d' ' -f1-3 /proc/loadavg)" \
  >"$out/aa_gridstride.txt"
echo "written: $out/base, $out/new"
