#!/usr/bin/env bash
# bisect on PoCL over the shared fixture repository (tests/data/bisect/make_history.sh: 8
# commits after `good`, the kernel 25 % slower from c6 on, c4's kernel does not compile).
#   search:     Ctrl-C after the first step (exit 130, the state kept), then --resume from
#               another folder: the search skips c4 (undecided: it does not build) and names
#               c6, exit 0; the state holds every step once and every duet's profile; --json and --markdown agree.
#   not-slower: --bad c5 (before the step) reads same as good: exit 0 "not slower", 1 duet.
#   undecided:  --case matching no case: the bad end cannot be decided, exit 8.
#   predicate:  git bisect run's codes on a clone: c7 1 (bad), c1 0 (good), c4 125 (skip),
#               a mistyped option, an unknown --good or a -k relative to a subfolder 128 (git
#               bisect run stops).
# Usage: bisect.sh BIN REPO MODE
set -euo pipefail
bin=$1 repo=$2 mode=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
duet=(-k kernels/work.json -n 1000 -l 1 -t int --run-arg=--no-peak --run-arg=--extra-rounds=0
      --run-arg=--round-spacing=0 --run-arg=--min-samples=3 --run-arg=--max-time=0)
sha() { git -C "$repo" rev-parse "$1"; }

case $mode in
search)
  cd "$repo"
  "$bin" bisect --good good --bad bad "${duet[@]}" --state "$tmp/s" >"$tmp/out1" 2>"$tmp/err1" &
  pid=$!
  for _ in $(seq 1 600); do # until the first step is saved, then Ctrl-C
    if [[ -f $tmp/s/bisect.json ]] && python3 -c 'import json,sys
sys.exit(0 if json.load(open(sys.argv[1]))["steps"] else 1)' "$tmp/s/bisect.json"; then
      break
    fi
    sleep 0.2
  done
  kill -INT "$pid"
  rc=0
  wait "$pid" || rc=$?
  [[ $rc == 130 ]] || fail "interrupted bisect exit $rc: $(cat "$tmp/err1")"
  grep -q -- "--resume continues" "$tmp/err1" || fail "no resume hint: $(cat "$tmp/err1")"
  rc=0
  # From another folder: the state names the repository by its absolute path.
  (cd / && "$bin" bisect --resume --state "$tmp/s" --json) >"$tmp/out.json" 2>"$tmp/err2" || rc=$?
  [[ $rc == 0 ]] || fail "resumed bisect exit $rc: $(cat "$tmp/err2")"
  python3 - "$tmp/out.json" "$(sha c6)" "$(sha c4)" "$tmp/s" <<'PY'
import json, os, sys
j = json.load(open(sys.argv[1]))
culprit, broken, state = sys.argv[2], sys.argv[3], sys.argv[4]
assert j["outcome"] == "culprit" and j["first_bad"] == culprit, (j["outcome"], j["answer"])
steps = j["steps"]
places = [s["place"] for s in steps]
assert len(places) == len(set(places)), places          # no step measured twice
assert places[0] == 8 and steps[0]["verdict"] == "bad", steps[0]
skipped = [s for s in steps if s["commit"] == broken]
assert skipped and skipped[0]["verdict"] == "undecided" and "build" in skipped[0]["reason"], skipped
assert len(steps) <= j["alpha"]["max_duets"], len(steps)
assert abs(j["alpha"]["per_duet"] * j["alpha"]["max_duets"] - 0.05) < 1e-12, j["alpha"]
for s in steps:
    assert s["profile"] == "" or os.path.isfile(os.path.join(state, s["profile"])), s
assert "first bad commit " + culprit[:12] in j["answer"], j["answer"]
print("ok:", j["answer"])
PY
  out=$("$bin" bisect --resume --state "$tmp/s" --markdown 2>/dev/null) || fail "markdown: $out"
  grep -q "first bad commit $(sha c6 | cut -c1-12)" <<<"$out" || fail "markdown: $out"
  rc=0
  out=$("$bin" bisect --good good --bad bad "${duet[@]}" --state "$tmp/s" 2>&1) || rc=$?
  [[ $rc == 2 && $out == *"holds a bisection already"* ]] || fail "state reused: $rc $out"
  ;;
not-slower)
  cd "$repo"
  rc=0
  "$bin" bisect --good good --bad c5 "${duet[@]}" --state "$tmp/s" >"$tmp/out" 2>"$tmp/err" ||
    rc=$?
  [[ $rc == 0 ]] || fail "exit $rc: $(cat "$tmp/out" "$tmp/err")"
  grep -q "^not slower: $(sha c5 | cut -c1-12)" "$tmp/out" || fail "$(cat "$tmp/out")"
  grep -q "1 duet," "$tmp/out" || fail "$(cat "$tmp/out")"
  ;;
undecided)
  cd "$repo"
  rc=0
  "$bin" bisect --good good --bad bad "${duet[@]}" --case 'nothing/*' --state "$tmp/s" \
    >"$tmp/out" 2>"$tmp/err" || rc=$?
  [[ $rc == 8 ]] || fail "exit $rc: $(cat "$tmp/out" "$tmp/err")"
  grep -q "^undecided: .* could not be decided" "$tmp/out" || fail "$(cat "$tmp/out")"
  ;;
predicate)
  git clone -q "$repo" "$tmp/clone"
  cd "$tmp/clone"
  expect() { # RC COMMIT ARGS...
    local want=$1 at=$2 rc=0
    shift 2
    git checkout -q "$at"
    "$bin" bisect --predicate "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    [[ $rc == "$want" ]] || fail "predicate at $at $*: exit $rc, expected $want: $(cat "$tmp/out" "$tmp/err")"
  }
  expect 1 c7 --good good "${duet[@]}" --state "$tmp/p"
  expect 0 c1 --good good "${duet[@]}" --state "$tmp/p"
  expect 125 c4 --good good "${duet[@]}" --state "$tmp/p"
  expect 128 c7 --good good "${duet[@]}" --state "$tmp/p" --no-such-option
  expect 128 c7 --good no-such-ref "${duet[@]}" --state "$tmp/p"
  # From a subfolder, -k relative to it: the spec is named as missing, with the rule (not git's
  # own complaint about a path ls-tree listed relative to the subfolder).
  rc=0
  (cd kernels && "$bin" bisect --predicate --good good -k work.json --state "$tmp/p") \
    >"$tmp/out" 2>"$tmp/err" || rc=$?
  [[ $rc == 128 ]] && grep -q "work.json is not in commit .*from its root" "$tmp/err" ||
    fail "predicate from a subfolder: exit $rc: $(cat "$tmp/err")"
  [[ -z $(git status --porcelain --untracked-files=no) ]] || fail "the checkout was changed"
  ;;
*)
  fail "unknown mode $mode"
  ;;
esac
echo ok
