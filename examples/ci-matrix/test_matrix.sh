#!/usr/bin/env bash
# CTest of the matrix example's final job: what two PoCL matrix jobs (device "pocl", runs 1 and
# 2) and a third "device" (a copy of run 1, as if another runner) would upload, through
# collect.sh from a temporary folder outside this repository. Each job's run is two processes
# (--gate: 3 processes, never more than --rounds 2), so the merged profiles hold 4 and 2 runs.
#   test_matrix.sh GPU_REDUCE_PROF REPO_ROOT
set -euo pipefail
bin=$1; repo=$2
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t"
fail() { echo "FAIL: $*"; exit 1; }
mkdir profiles
for k in 1 2; do
  "$bin" run -k reduce6 -t int -l 64 -n 4k --rounds 2 --gate --samples 3 --warmup 1 \
    --round-spacing 0 --no-peak -q -o "profiles/profile-pocl-run$k.json"
done
cp profiles/profile-pocl-run1.json profiles/profile-other-run1.json
rc=0
GRP_BIN=$bin "$repo/examples/ci-matrix/collect.sh" profiles out || rc=$?
[[ $rc -eq 0 ]] || fail "collect.sh exited $rc"
python3 - out/pocl.json out/other.json <<'PY' || fail "merged profiles"
import json, sys
runs = [len(json.load(open(p)).get("runs", [])) for p in sys.argv[1:]]
assert runs == [4, 2], runs
print("runs per merged profile:", runs)
PY
grep -q 'id="throughput"' out/report.html || fail "no throughput chart across the profiles"
grep -q 'gpu-reduce-prof summary' out/summary.md || fail "no markdown summary"
grep -q 'other.json' out/compare.txt || fail "compare did not include the second device"
echo "matrix-test: ok"
