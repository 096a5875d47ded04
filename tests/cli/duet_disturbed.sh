#!/usr/bin/env bash
# A duet keeps the rounds another process disturbed unless --max-cpu-wait is given: what
# disturbed a round disturbed both kernels of it. duet.json with every round marked disturbed
# (cpu_wait 0.5): by default the 10 % slower copy is still caught; with --max-cpu-wait 0.1 every
# round is set aside, nothing is judged, and the gate says UNDECIDED (exit 8), never PASS.
# Usage: duet_disturbed.sh BIN DATA-DIR
set -euo pipefail
bin=$1 data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 - "$data/compare/duet.json" "$tmp/disturbed.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for c in p["cases"]:
    for r in c["rounds"]:
        r["cpu_wait"] = 0.5
json.dump(p, open(sys.argv[2], "w"))
PY
rc=0
out=$("$bin" compare --pair reduce6=reduce6_slow "$tmp/disturbed.json" 2>&1) || rc=$?
[[ $rc == 1 ]] || fail "default: exit $rc, expected 1 (slower): $out"
grep -q "1 cases: 1 slower\. FAIL" <<<"$out" || fail "default: not judged slower: $out"
rc=0
out=$("$bin" compare --pair reduce6=reduce6_slow "$tmp/disturbed.json" --max-cpu-wait 0.1 2>&1) ||
  rc=$?
[[ $rc == 8 ]] || fail "--max-cpu-wait 0.1: exit $rc, expected 8 (undecided): $out"
grep -q "UNDECIDED: timing judged for 0 of 1 cases" <<<"$out" || fail "no UNDECIDED: $out"
grep -q "keep the disturbed rounds with --max-cpu-wait 0" <<<"$out" || fail "no hint: $out"
echo "ok"
