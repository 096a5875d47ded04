#!/usr/bin/env bash
# How long `check` takes on this machine, and what the simulator counts for the ladder.
#   bench/check.sh BIN       # appends to bench/results/check.txt (OUT: scratch folder)
# 1. wall time of: the default sweep; the default kernels at every power-of-two local size;
#    every built-in at every power-of-two local size and all four types; a 20-kernel user spec
#    (tests/data/check/user.json's clean kernel under 20 names); each with its case counts.
# 2. reduce0 ... reduce6 at n = 2^16, local 256: per input element, the global bytes loaded, the
#    local bytes moved, barriers (per work-group) and instructions: the articles' story in
#    exact numbers (bench/check_counts.py).
# 3. the barrier scenario's kernel (tests/data/check/barrier_scenario.json, n = local size) at
#    every power-of-two local size: its barrier-less build's status and findings; then the user
#    kernels of tests/data/check/user.cl (one fault each) at every local size their spec allows.
set -euo pipefail
bin=$(realpath "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
python3 - "$root/tests/data/check/gate_base.json" "$out/twenty.json" <<'PY'
import json, os, sys
spec = json.load(open(sys.argv[1]))
spec["source"] = os.path.join(os.path.dirname(os.path.abspath(sys.argv[1])), spec["source"])
k = spec["kernels"][0]
spec["kernels"] = [dict(k, name="sum%02d" % i) for i in range(20)]
json.dump(spec, open(sys.argv[2], "w"))
PY
timed() { # LABEL ARGS...
  local label=$1; shift
  local t0; t0=$(date +%s.%N)
  "$bin" check "$@" -q --force -o "$out/t.json" >/dev/null || [[ $? == 1 ]]
  python3 - "$out/t.json" "$label" "$t0" <<'PY'
import collections, json, sys, time
p = json.load(open(sys.argv[1]))
s = collections.Counter(c["status"] for c in p["cases"])
print("%-44s %6.1f s  %4d cases  %s" % (sys.argv[2], time.time() - float(sys.argv[3]),
      len(p["cases"]), ", ".join("%d %s" % (n, k) for k, n in sorted(s.items()))))
PY
}
barrier_scenario() {
  local l
  for l in 1 2 4 8 16 32 64 128 256 512 1024; do
    "$bin" check -k "$root/tests/data/check/barrier_scenario.json" -t int -l "$l" -n "$l" -q \
      --force -o "$out/b.json" >/dev/null || [[ $? == 1 ]]
    python3 -c 'import json, sys
for c in json.load(open(sys.argv[1]))["cases"]:
    d = c.get("check", {}).get("diagnostics", [])
    print("barrier scenario local %4d  %-16s %-7s %s" % (c["key"]["local_size"], c["key"]["kernel"],
          c["status"], ", ".join("%s x%d at line %d" % (x["kind"], x["count"], x["at"][-1]["line"]) for x in d)))' "$out/b.json"
  done
}
user_kernels() {
  "$bin" check -k "$root/tests/data/check/user.json" -l pow2 -q --force -o "$out/u.json" >/dev/null ||
    [[ $? == 1 ]]
  python3 -c 'import json, sys
for c in json.load(open(sys.argv[1]))["cases"]:
    if c["status"] != "skipped":
        d = c["check"]["diagnostics"]
        print("user kernel %-11s local %4d  %-7s %s" % (c["key"]["kernel"], c["key"]["local_size"],
              c["status"], ", ".join(sorted({"%s at line %d" % (x["kind"], x["at"][0]["line"]) for x in d}))))' "$out/u.json"
}
{
  echo "# $(date -u +%FT%TZ) $(uname -n), $(nproc) CPUs, $(dpkg-query -W -f='oclgrind ${Version}' oclgrind 2>/dev/null); $("$bin" --version | head -1)"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  timed "default sweep (check)"
  timed "default kernels, -l pow2" -l pow2
  timed "20-kernel user spec, -l pow2" -k "$out/twenty.json" -l pow2
  timed "-k all -l pow2 -t int,uint,float,double" -k all -l pow2 -t int,uint,float,double
  "$bin" check -k 'reduce[0-6]' -l 256 -n 2^16 -q --force -o "$out/ladder.json" >/dev/null
  python3 "$root/bench/check_counts.py" "$out/ladder.json"
  barrier_scenario
  user_kernels
  echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee -a "$root/bench/results/check.txt"
