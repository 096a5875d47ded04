#!/usr/bin/env bash
# `check` end to end on the Oclgrind simulator (tests/data/check):
#  1. the work gate: the same spec checked twice is same-work in every case and compare exits 0;
#     a candidate that loads 1/8 more is more-work and compare exits 1 (also as --json);
#  2. both profiles validate, carry settings.check and per-pass counts;
#  3. no temporary folder of the simulator is left behind;
#  4. a timed profile against a check profile is refused (exit 2);
#  5. report shows the findings of a check profile with their source lines (markdown and HTML).
#  6. the Oclgrind device's conditions are recorded (#66): every fact a value or null with a reason.
# Usage: check.sh BIN DATA
set -u
bin=$1 data=$2/check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"
fail() { echo "FAIL: $*"; exit 1; }
sel=(-l 64,128 -q)

"$bin" check -k "$data/gate_base.json" "${sel[@]}" -o "$work/a.json" >/dev/null || fail "check a: exit $?"
"$bin" check -k "$data/gate_base.json" "${sel[@]}" -o "$work/b.json" >/dev/null || fail "check b: exit $?"
"$bin" check -k "$data/gate_more.json" "${sel[@]}" -o "$work/m.json" >/dev/null || fail "check m: exit $?"
out=$("$bin" compare "$work/a.json" "$work/b.json" 2>&1) || fail "identical counts: compare exited $?: $out"
grep -Eq "PASS: 2 same-work, 0 more-work" <<<"$out" || fail "identical: not 2 same-work: $out"
out=$("$bin" compare "$work/a.json" "$work/m.json" 2>&1)
[[ $? == 1 ]] || fail "1/8 more loads: compare should exit 1: $out"
grep -Eq "sum +float +flat +4099 +64 +more-work .*\(\+12\.[0-9]%\)" <<<"$out" ||
  fail "1/8 more loads: no more-work row with +12.x %: $out"
# report of two check profiles says compare's work gate, not "no timed rounds" (#50's walk).
"$bin" report "$work/a.json" "$work/m.json" --markdown "$work/am.md" -o "$work/am.html" \
  >/dev/null 2>&1 || fail "report of two check profiles: exit $?"
grep -q "Work (check): :x: FAIL: 0 same-work, 2 more-work" "$work/am.md" &&
  grep -q "the work gate, FAIL" "$work/am.html" || fail "report lacks the work gate: $(cat "$work/am.md")"
"$bin" compare --json "$work/a.json" "$work/m.json" | python3 -c '
import json, sys
j = json.load(sys.stdin)["comparisons"][0]
assert j["gate"] == "work" and j["fails"], j
assert [c["verdict"] for c in j["cases"]] == ["more-work", "more-work"], j["cases"]' ||
  fail "compare --json of the work gate"
python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["devices"][0]["conditions"]
assert c["facts"] and all((v is None) == (k in c["unknown"]) for k, v in c["facts"].items()), c
assert len(c["key"]) == 12 and "governor" in c["key_facts"], c' "$work/a.json" ||
  fail "the Oclgrind device records no conditions"
for f in a m; do
  "$bin" validate "$work/$f.json" | grep -q ": ok (2 cases" || fail "$f.json does not validate"
done
python3 - "$work/a.json" <<'PY' || fail "check profile lacks its settings or counts"
import json, sys
p = json.load(open(sys.argv[1]))
assert p["settings"]["check"]["max_diagnostics"] == 20, p["settings"]
for c in p["cases"]:
    assert c["status"] == "ok" and c["rounds"] == [], c["status"]
    k = c["check"]
    assert k["simulator"].startswith("Oclgrind") and k["diagnostics"] == [], k["simulator"]
    assert len(k["passes"]) == 2 and k["passes"][0]["bytes"]["load global"] >= 4099 * 4, k["passes"]
PY
left=$(find "$TMPDIR" -mindepth 1 | head -3)
[[ -z $left ]] || fail "the simulator's temporary files were left: $left"
"$bin" run -k reduce2 -l 64 -n 1000 --runs 1 --rounds 2 --round-spacing 0 --min-samples 3 \
  --max-time 0 --no-peak -q -o "$work/t.json" >/dev/null || fail "timed run: exit $?"
out=$("$bin" compare "$work/t.json" "$work/a.json" 2>&1)
[[ $? == 2 ]] && grep -q "written by check" <<<"$out" || fail "timed vs check not refused: $out"
# The first example of check's --help, no argument: the default sweep is clean (#47).
out=$("$bin" check -q -o "$work/d.json" 2>&1) || fail "check with no argument: exit $?: $out"
grep -q "reduce_onepass" <<<"$out" && ! grep -q "reduce_single" <<<"$out" ||
  fail "check's default sweep: reduce_onepass in, reduce_single out: $out"
"$bin" check -k "$data/user.json" -l 64 -q -o "$work/u.json" >/dev/null
[[ $? == 1 ]] || fail "user kernels with faults: check should exit 1"
"$bin" report "$work/u.json" -o "$work/u.html" --markdown "$work/u.md" >/dev/null || fail "report: exit $?"
grep -Eq "^\| no\\\\_bounds \| out-of-bounds \| Invalid read of size 4 at global memory \| 64 \| [0-9]+ \| .*user\.cl:95: part" "$work/u.md" ||
  fail "markdown lacks the out-of-bounds finding: $(grep -A9 'Simulator findings' "$work/u.md")"
grep -q 'id="findings"' "$work/u.html" && grep -q "<code>v\[tid\] += v\[tid + 32\];</code>" "$work/u.html" ||
  fail "HTML lacks the findings section with the quoted source"
echo "ok"
