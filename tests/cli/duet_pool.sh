#!/usr/bin/env bash
# compare of several duet profiles pools them into one experiment (model/compare/duet_pool.hpp):
# two invocations of the same duet on the real device are judged together, labelled as one
# pool, with the invocations' processes together; a duet of another sweep (other sizes) is
# refused with the setting named (exit 2). Structure only: the verdicts depend on timing.
# Usage: duet_pool.sh BIN KERNEL-DATA-DIR
set -euo pipefail
# Under the sanitizer build these runs launch kernels on PoCL, whose threads can crash
# LeakSanitizer's tracer at exit (a sanitizer-runtime bug, google/sanitizers#1353): ASan
# still checks them; leaks are the unit tests' job.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
bin=$1 kdata=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
duet() { # duet OUTPUT SIZES
  "$bin" run -k reduce2 --duet "$kdata/named_reduce2.json" -t float -l 64 -n "$2" --runs 2 \
    --rounds 4 --extra-rounds 0 --round-spacing 0 --min-samples 3 --max-time 0 --no-peak -q \
    -o "$1" >"$tmp/run.txt" 2>&1 || fail "run exit $?: $(cat "$tmp/run.txt")"
}
duet "$tmp/d1.json" 2^14
duet "$tmp/d2.json" 2^14
rc=0
"$bin" compare "$tmp/d1.json" "$tmp/d2.json" --json >"$tmp/pooled.json" 2>"$tmp/err.txt" || rc=$?
case $rc in 0|8|9) ;; *) fail "pooled compare exit $rc: $(cat "$tmp/err.txt")" ;; esac
python3 - "$tmp/pooled.json" <<'PY' || exit 1
import json, sys
doc = json.load(open(sys.argv[1]))
cands = [c for c in doc["comparisons"] if c["candidate"].endswith("more:reduce2")]
assert cands, [c["candidate"] for c in doc["comparisons"]]
c = cands[0]
assert c["candidate"].split(":")[0].endswith("d1.json+1 more"), c["candidate"]
assert c["base_runs"] == 4, c["base_runs"]  # 2 processes of each invocation
print("pooled:", c["candidate"], c["base_runs"], "runs")
PY
duet "$tmp/other.json" 2^12
rc=0
"$bin" compare "$tmp/d1.json" "$tmp/other.json" >"$tmp/out.txt" 2>&1 || rc=$?
[[ $rc -eq 2 ]] || fail "another sweep pooled: exit $rc"
grep -q "cannot pool .*other.json.*settings.sizes differs" "$tmp/out.txt" ||
  fail "no reason named: $(cat "$tmp/out.txt")"
echo "duet_pool: ok"
