#!/usr/bin/env bash
# history-gate.sh as a CI job after each merge: a repository whose main gets 14 commits, one
# profile each (made from one real PoCL run, times scaled: +15 % from the 9th commit on), each
# committed to perf-data by the gate. Too few profiles first (exit 8), then the step fails at
# the commit it was made (exit 1), with the job summary written.
# Usage: history_gate_test.sh BIN GATE
set -euo pipefail
bin=$1 gate=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
git init -q -b main "$tmp/code"
"$bin" run -k reduce3 -t float -l 64 -n 2^12 --rounds 3 --runs 2 --min-samples 3 --max-time 0 \
  --round-spacing 0 --no-peak -q -o "$tmp/real.json" >/dev/null 2>&1 || fail "run"
export GITHUB_STEP_SUMMARY=$tmp/summary.md
for i in $(seq 0 13); do
  git -C "$tmp/code" commit -q --allow-empty -m "c$i"
  python3 - "$tmp/real.json" "$tmp/p.json" "$(git -C "$tmp/code" rev-parse HEAD)" "$i" <<'PY'
import json, random, sys
p = json.load(open(sys.argv[1]))
i = int(sys.argv[4])
rng = random.Random(i)
for k, r in enumerate(p["runs"]):
    r["revision"] = {"commit": sys.argv[3], "committed_at": "", "dirty": False}
    r["id"] = "%016x" % (1000 * i + k + 1)  # each made profile its own invocation
for c in p["cases"]:
    for rr in c["rounds"]:
        f = (1.15 if i >= 8 else 1.0) * (1 + rng.gauss(0, 0.003))
        for k in ("samples_ns", "pass_sum_ns"):
            rr[k] = [max(1, int(s * f)) for s in rr[k]]
p["host"]["started_at"] = "2026-11-01T00:%02d:00Z" % i
json.dump(p, open(sys.argv[2], "w"))
PY
  rc=0
  "$gate" --binary "$bin" --profile "$tmp/p.json" --repo "$tmp/code" --branch main >"$tmp/out.txt" 2>&1 || rc=$?
  if [[ $i -lt 5 ]]; then
    [[ $rc -eq 8 ]] || fail "commit $i: exit $rc: $(cat "$tmp/out.txt")"
  elif [[ $i -lt 8 ]]; then
    [[ $rc -eq 0 ]] || fail "commit $i: exit $rc: $(cat "$tmp/out.txt")"
  fi
done
[[ $rc -eq 1 ]] || fail "after the step: exit $rc: $(cat "$tmp/out.txt")"
bad=$(git -C "$tmp/code" rev-list --reverse main | sed -n 9p | cut -c1-12)
grep -q "^FAIL step +1[0-9].*first bad $bad" <(tr -d '\n' <"$tmp/out.txt" | sed 's/FAIL/\nFAIL/g') ||
  fail "step not at $bad: $(cat "$tmp/out.txt")"
[[ $(git -C "$tmp/code" ls-tree -r --name-only perf-data | wc -l) -eq 14 ]] || fail "perf-data files"
grep -q "❌ fails | step" "$tmp/summary.md" || fail "summary: $(cat "$tmp/summary.md")"
git -C "$tmp/code" status --porcelain | grep -q . && fail "the checkout was touched"
echo "history-gate-test: ok"
