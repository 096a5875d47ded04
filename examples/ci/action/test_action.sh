#!/usr/bin/env bash
# CTest of the action's script, as a user's repository would run it: from a temporary folder
# outside this repository, with a kernel spec of the user's own copied there, on PoCL.
#   test_action.sh GPU_REDUCE_PROF REPO_ROOT
# 1. the base branch: a baseline of 2 runs (--make-baseline);
# 2. the pull request, unchanged: exit 0, the job summary (PASS), the HTML report with its
#    charts, the github-action-benchmark JSON (one entry per case);
# 3. the pull request breaks the kernel (every element counted +1): exit 1, 'wrong' in the
#    summary; and the same as a duet against the base branch's spec (--duet-base): exit 1,
#    'wrong' in its summary. The policy is results only (--fail-on wrong,missing,unmeasured):
#    a test must not depend on timing.
set -euo pipefail
bin=$1; repo=$2
gate=$repo/examples/ci/action/gate.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t"
case $PWD/ in "$repo"/*) echo "FAIL: $PWD is inside the repository"; exit 1 ;; esac

# The user's spec: the fault kernel of tests/data/kernels, repaired (the base branch's version).
sed 's/"wrong.cl"/"my_sum.cl"/' "$repo/tests/data/kernels/wrong.json" >my_sum.json
sed 's/in\[i\] + 1/in[i]/' "$repo/tests/data/kernels/wrong.cl" >my_sum.cl
! grep -q 'in\[i\] + 1' my_sum.cl || { echo "FAIL: could not repair the kernel"; exit 1; }

export GPU_REDUCE_PROF=$bin GITHUB_STEP_SUMMARY=$t/step-summary.md
tiny=(-t int -n 4k -l 64 --rounds 2 --samples 3 --warmup 1 --round-spacing 0 --no-peak --seed 1)
# shellcheck disable=SC2054 # the commas belong to the option value
policy=(--fail-on wrong,missing,unmeasured)
fail() { echo "FAIL: $*"; exit 1; }

"$gate" --make-baseline --runs 2 -k my_sum.json -o base -- "${tiny[@]}"
[[ -s base/baseline.json ]] || fail "no merged baseline"

rc=0
"$gate" -k my_sum.json -b base/baseline.json -o pr "${policy[@]}" \
  --benchmark-json pr/benchmark.json -- "${tiny[@]}" || rc=$?
[[ $rc -eq 0 ]] || fail "unchanged kernel: exit $rc, expected 0"
grep -q '^### gpu-reduce-prof compare: PASS' pr/summary.md || fail "summary.md has no PASS heading"
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["comparisons"]' pr/compare.json ||
  fail "no compare.json (check-run.py's input) beside the summary"
grep -q '^### gpu-reduce-prof compare: PASS' step-summary.md || fail "job summary not written"
grep -q '<svg class="chart"' pr/report.html || fail "report.html has no chart"
grep -q 'id="samples"' pr/report.html || fail "report.html has no sample distributions"
python3 - pr/benchmark.json pr/candidate.json <<'PY' || fail "benchmark JSON"
import json, sys
bench, prof = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
timed = [c for c in prof["cases"] if any(r.get("samples_ns") for r in c.get("rounds", []))]
assert isinstance(bench, list) and len(bench) == len(timed) > 0, (len(bench), len(timed))
for e in bench:
    assert set(e) >= {"name", "unit", "value"}, e
    assert e["unit"] == "us" and e["value"] > 0 and e["name"].startswith("off_by_n/int/"), e
print("benchmark.json:", len(bench), "entries, e.g.", bench[0])
PY

# The pull request breaks the kernel.
cp "$repo/tests/data/kernels/wrong.cl" my_sum.cl
rc=0
"$gate" -k my_sum.json -b base/baseline.json -o bad "${policy[@]}" -- "${tiny[@]}" || rc=$?
[[ $rc -eq 1 ]] || fail "broken kernel: exit $rc, expected 1"
grep -q '^### gpu-reduce-prof compare: FAIL' bad/summary.md || fail "no FAIL heading"
grep -q 'wrong' bad/summary.md || fail "the summary does not say wrong"
[[ -s bad/report.html ]] || fail "no report for the failing run"
# The same pull request as a duet: the base branch's spec (its repaired kernel) beside it.
mkdir -p basespec
sed 's/in\[i\] + 1/in[i]/' "$repo/tests/data/kernels/wrong.cl" >basespec/my_sum.cl
cp my_sum.json basespec/my_sum.json
rc=0
"$gate" -k my_sum.json --duet-base basespec/my_sum.json -o duet "${policy[@]}" -- "${tiny[@]}" \
  --budget 3 ||
  rc=$?
[[ $rc -eq 1 ]] || fail "broken kernel in a duet: exit $rc, expected 1"
grep -q 'wrong' duet/summary.md || fail "the duet's summary does not say wrong"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["settings"]["duet"]; assert d["pairs"], d' \
  duet/duet.json || fail "duet.json records no duet"
echo "action-test: ok (pass 0, broken kernel 1, broken kernel in a duet 1)"
