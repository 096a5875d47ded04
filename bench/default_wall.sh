#!/usr/bin/env bash
# The default run's wall time and where it goes, process by process (issue #32): `run` with no
# options but -o, REPEAT times, each binary in turn when BEFORE names an older one (side by side
# in one session, so the ratio holds whatever the machine).
#   bench/default_wall.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: REPEAT (3), BEFORE (an older binary, alternated with BIN), OUT (folder, default
# ./default-wall), FRESH (1: empty NVIDIA's and PoCL's kernel caches before every run, so each
# pays a first invocation's builds), ARGS (extra run options, e.g. "-d nvidia").
# Prints one line per run (wall, timed kernel time, overhead factor) and each process's phases
# (runs[].phases_s; a profile older than schema 2.9 has only the first process's, under
# devices[0].phases_s).
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${OUT:-default-wall}
mkdir -p "$out"
bins=("$bin")
[[ -n ${BEFORE:-} ]] && bins=("$(realpath "$BEFORE")" "$bin")
echo "# $(date -u +%FT%TZ) $(uname -n), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "${REPEAT:-3}"); do
  for b in "${bins[@]}"; do
    if [[ ${FRESH:-0} == 1 ]]; then
      rm -rf "$HOME/.nv/ComputeCache" "$HOME/.cache/pocl" "${POCL_CACHE_DIR:-/nonexistent}"
    fi
    name=$(basename "$b")
    f="$out/$name-$i.json"
    start=$EPOCHREALTIME
    rc=0
    ${wrap:+"$wrap"} "$b" run -q ${ARGS:-} -o "$f" --force > /dev/null 2> "$out/$name-$i.err" || rc=$?
    end=$EPOCHREALTIME
    python3 "$here/default_wall.py" "$f" "$name" "$i" "$rc" "$start" "$end"
  done
done
