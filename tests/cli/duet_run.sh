#!/usr/bin/env bash
# run --duet on the real device: a user's spec beside the built-in of the same name. The profile
# holds the candidate, base:NAME, control:NAME (the base's code: the same source hash) and
# twin:NAME (the candidate's), records the names in settings.duet, and times the four together:
# in every round of every process the four cases of a sweep point share one place in the round's
# order (their launches alternate) and the same number of samples (lockstep). The order seed
# given reaches both processes (settings.order_seed). compare of the file alone then judges the
# two controls and the candidate.
# Usage: duet_run.sh BIN KERNEL-DATA-DIR
set -euo pipefail
bin=$1 kdata=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$bin" run -k reduce2 --duet "$kdata/named_reduce2.json" -t float -l 64 -n 3000,2^14 --runs 2 \
  --rounds 4 --extra-rounds 0 --round-spacing 0 --min-samples 3 --max-time 0 --no-peak -q -o "$tmp/duet.json" \
  --order-seed 5 \
  >"$tmp/run.txt" 2>&1 || fail "run exit $?: $(cat "$tmp/run.txt")"
# run's own summary points at compare and orders nothing over rounds alone (#50: it said "not
# separated" where compare said FAIL).
grep -q "duet: the verdict is compare's.*gpu-reduce-prof compare .*duet.json" "$tmp/run.txt" ||
  fail "no pointer to compare: $(cat "$tmp/run.txt")"
! grep -q "is not separated from" "$tmp/run.txt" || fail "a tie sentence in a duet: $(cat "$tmp/run.txt")"
python3 - "$tmp/duet.json" <<'PY' || exit 1
import collections, json, sys
p = json.load(open(sys.argv[1]))
want = {"base": "base:reduce2", "candidate": "reduce2", "control": "control:reduce2",
        "twin": "twin:reduce2"}
assert p["settings"]["order_seed"] == 5, p["settings"]["order_seed"]
assert "sequential" not in p["settings"], "--runs 2 is a fixed count, not a sequential duet"
assert p["settings"]["duet"]["pairs"] == [want], p["settings"].get("duet")
kernels = {k["name"]: k["sha256"] for k in p["kernels"]}
assert set(kernels) == set(want.values()), kernels
assert kernels["control:reduce2"] == kernels["base:reduce2"], "the control is not the base's code"
assert kernels["twin:reduce2"] == kernels["reduce2"], "the twin is not the candidate's code"
places = collections.defaultdict(set)
counts = collections.defaultdict(set)
for c in p["cases"]:
    assert c["status"] == "ok", (c["key"], c["status"])
    assert len(c["rounds"]) == 4, (c["key"]["kernel"], len(c["rounds"]))
    for i, r in enumerate(c["rounds"]):
        places[(c["key"]["n"], r["run"], i)].add(r["position"])
        counts[(c["key"]["n"], r["run"], i)].add(len(r["samples_ns"]) + r.get("flagged", 0))
bad = {k: v for k, v in places.items() if len(v) != 1}
assert not bad, f"the family did not share its place in a round: {bad}"
bad = {k: v for k, v in counts.items() if len(v) != 1}
assert not bad, f"the family's launches were not in lockstep: {bad}"
print("profile ok:", len(p["cases"]), "cases")
PY
rc=0
out=$("$bin" compare "$tmp/duet.json" 2>&1) || rc=$?
[[ $rc =~ ^(0|1|8|9)$ ]] || fail "compare exit $rc: $out"
grep -q "A/A control: .*control:reduce2" <<<"$out" || fail "no control line: $out"
grep -q "A/A control: .*twin:reduce2" <<<"$out" || fail "no twin line: $out"
grep -Eq "duet.json:reduce2: 2 cases: " <<<"$out" || fail "no candidate line: $out"
rc=0
out=$("$bin" run -k reduce3 --duet "$kdata/named_reduce2.json" -n 1000 -q 2>&1) || rc=$?
[[ $rc == 2 ]] || fail "a base kernel without a candidate: exit $rc, expected 2: $out"
grep -q "base kernel 'reduce2' has no candidate of that name" <<<"$out" || fail "message: $out"
echo "ok"
