#!/usr/bin/env bash
# bisect-on-failure.sh as a CI job after the history gate failed, small: the kernel history of
# tests/data/bisect/make_history.sh (6 commits, 25 % slower from c4 on), and history's findings
# as --history-json (a failing step from c0 to c6, as history prints it for profiles of only
# those two commits). The recipe bisects the range on PoCL, names c4 in the job summary and
# exits 0; findings with nothing failing bisect nothing (exit 0).
# Usage: bisect_on_failure_test.sh BIN RECIPE MAKE_HISTORY
set -euo pipefail
bin=$1 recipe=$2 make_history=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$make_history" "$tmp/code" 6 4 25
good=$(git -C "$tmp/code" rev-parse --short=12 c0)
bad=$(git -C "$tmp/code" rev-parse --short=12 c6)
culprit=$(git -C "$tmp/code" rev-parse --short=12 c4)
cat >"$tmp/history.json" <<JSON
{"history_version": "1.1.0", "findings": [
  {"kind": "step", "fails": false, "bisect_command": ""},
  {"kind": "step", "fails": true, "bisect_command": "gpu-reduce-prof bisect --good $good --bad $bad -k SPEC -n 1000 -l 1 -t 'int' --case 'work_sum/int/flat/n=1000/local=1'"}]}
JSON
export GITHUB_STEP_SUMMARY=$tmp/summary.md
rc=0
"$recipe" --binary "$bin" --kernel kernels/work.json --repo "$tmp/code" \
  --history-json "$tmp/history.json" --state "$tmp/state" -- --run-arg=--no-peak \
  --run-arg=--extra-rounds=0 --run-arg=--round-spacing=0 --run-arg=--min-samples=3 \
  --run-arg=--max-time=0 -q >"$tmp/out" 2>&1 || rc=$?
[[ $rc == 0 ]] || fail "exit $rc: $(cat "$tmp/out")"
grep -q "^first bad commit $culprit" "$tmp/out" || fail "no culprit: $(cat "$tmp/out")"
grep -q "first bad commit $culprit" "$tmp/summary.md" || fail "summary: $(cat "$tmp/summary.md")"
[[ -f $tmp/state/bisect.json ]] || fail "no state kept"
echo '{"findings": []}' >"$tmp/none.json"
out=$("$recipe" --binary "$bin" --kernel kernels/work.json --repo "$tmp/code" \
  --history-json "$tmp/none.json" --state "$tmp/state2") || fail "nothing to bisect: $out"
grep -q "nothing to bisect" <<<"$out" || fail "$out"
echo "bisect-on-failure-test: ok"
