#!/usr/bin/env bash
# What `compare --moderate` changes in the gate: bench/gate_power.py analyse on sets of
# profiles that bench/gate_power.sh measured (kept in its OUT folders), once with --moderate
# off and once with --moderate on, printed line by line (a line that differs shows both: "off"
# first). The default, auto, is off against one-invocation baselines and on against merged ones. Only compare runs here: no device needed, the sets are reused.
#   bench/gate_moderation.sh BIN DIR RUNS SLOW_RUNS "LEVELS" [DIR RUNS SLOW_RUNS "LEVELS" ...]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=$(realpath "$1")
shift
echo "# $(date -u +%FT%TZ) $(hostname); $(nproc) CPUs; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $("$bin" --version 2>/dev/null | head -1)"
while (($# >= 4)); do
  dir=$1 runs=$2 slow_runs=$3 levels=$4
  shift 4
  echo
  echo "=== $(basename "$dir"): $(head -1 "$dir/gate_power.txt" 2>/dev/null | cut -c3-)"
  off=$(COMPARE_ARGS="--moderate off" python3 "$here/gate_power.py" analyse "$bin" "$dir" \
    "$runs" "$slow_runs" "$levels")
  on=$(COMPARE_ARGS="--moderate on" python3 "$here/gate_power.py" analyse "$bin" "$dir" \
    "$runs" "$slow_runs" "$levels")
  paste -d '\n' <(echo "$off") <(echo "$on") | while IFS= read -r a && IFS= read -r b; do
    if [[ $a == "$b" ]]; then
      echo "$a"
    else
      echo "off $a"
      echo "on  $b"
    fi
  done
done
