#!/usr/bin/env bash
# ci-gate.sh's duet mode around a stand-in gpu-reduce-prof (no device, under a second): the
# sweep's options come from --run-args (as the Action's run-args), and an undecided duet's
# "to decide" line re-runs ci-gate.sh with the budget compare's plan names, never compare's own
# `run --duet` on the gate's temporary copy of the base (gone when the gate ends); the job
# summary's plan says the same. A PASS that left cases undecided says how many (#71).
# Usage: ci_gate_plan_test.sh CI_GATE WORK_DIR
set -euo pipefail
gate=$1 work=$2
rm -rf "$work"
mkdir -p "$work/repo/k"
fail() { echo "ci_gate_plan_test: $*" >&2; exit 1; }

# The stand-in: `run` records its arguments and writes the output file; `compare` prints what
# an undecided duet prints (its plan on the base's temporary path) and exits 8.
cat >"$work/fake-grp" <<'FAKE'
#!/usr/bin/env bash
cmd=$1; shift
case $cmd in
  run) printf '%s\n' "$@" >"$FAKE_LOG"; exit 0 ;;
  compare)
    if [[ -n ${FAKE_PASS:-} ]]; then
      echo "4 cases: 1 inconclusive, 3 same. PASS: no regression in the 3 judged cases; 1 of 4 undecided: k (fail on slower)"
      exit 0
    fi
    if [[ " $* " == *" --markdown "* ]]; then
      echo "### gpu-reduce-prof compare: UNDECIDED, timing judged for 0 of 1 cases"
      echo "  - **plan**: to decide: gpu-reduce-prof run --duet /tmp/tmp.gone/k/s.json --budget 67"
    else
      echo "1 cases: 1 inconclusive. UNDECIDED: timing judged for 0 of 1 cases (fail on slower)"
      echo "  to decide: gpu-reduce-prof run -k k/s.json --duet /tmp/tmp.gone/k/s.json --budget 67   (67 processes decide every undecided case at 90 % power)"
    fi
    exit 8 ;;
esac
FAKE
chmod +x "$work/fake-grp"
echo '{}' >"$work/repo/k/s.json"
git -C "$work/repo" init -q
git -C "$work/repo" -c user.name=ci -c user.email=ci@localhost add k
git -C "$work/repo" -c user.name=ci -c user.email=ci@localhost commit -qm base

rc=0
out=$(cd "$work/repo" && FAKE_LOG="$work/run-args" GITHUB_STEP_SUMMARY="$work/summary.md" \
  "$gate" --binary "$work/fake-grp" --kernels k/s.json --base-ref HEAD --budget 4 \
  --run-args "-l 8 -n 4096 -t int" --output "$work/duet.json" -- --threshold 7 2>&1) || rc=$?
printf '%s\n' "$out"
[[ $rc -eq 8 ]] || fail "exit $rc, expected 8"
# --run-args reached run, and replaced the default sweep.
tr '\n' ' ' <"$work/run-args" | grep -q -- "-l 8 -n 4096 -t int" || fail "run got: $(cat "$work/run-args")"
grep -q -- "2^22" "$work/run-args" && fail "the default sweep was kept beside --run-args"
# The gate's own command with the plan's budget, before the arguments for compare.
grep -q -- "^ci-gate: to decide: .*ci-gate.sh --binary .*fake-grp --kernels k/s.json --base-ref HEAD --run-args .* --output .*duet.json --budget 67 -- --threshold 7$" <<<"$out" ||
  fail "no to-decide line with --budget 67"
grep -q "tmp.gone" <<<"$out" && fail "compare's plan on the deleted base folder was printed"
grep -q "ci-gate: UNDECIDED" <<<"$out" || fail "no UNDECIDED line"
grep -q -- "--budget 4" <<<"$(grep '^ci-gate: to decide' <<<"$out")" && fail "the old budget was kept"
grep -q "^  - \*\*plan\*\*: \`.*ci-gate.sh .*--budget 67" "$work/summary.md" || fail "summary: $(cat "$work/summary.md")"
grep -q "tmp.gone" "$work/summary.md" && fail "the summary's plan names the deleted base folder"
# A duet that passed with a case undecided: the gate's PASS says so, as compare's does.
out=$(cd "$work/repo" && FAKE_PASS=1 FAKE_LOG="$work/run-args" "$gate" --binary "$work/fake-grp" \
  --kernels k/s.json --base-ref HEAD --output "$work/duet.json" 2>&1) || fail "PASS exited $?"
grep -q "^ci-gate: PASS (duet against HEAD); 1 of 4 undecided, named in the headline of compare above$" <<<"$out" ||
  fail "no PASS naming the undecided count: $out"
echo "ci_gate_plan_test: ok"
