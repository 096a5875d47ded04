#!/usr/bin/env bash
# check's access metrics and compare's access gate on the Oclgrind simulator (#68), at one case
# (-l 64 -n 8192: loops long enough that the chunked rewrite executes fewer instructions, short
# enough for about 2 s of CPU):
#  1. a grid-stride float sum (tests/data/check/gate_base.json) against its chunked rewrite (the
#     same loads, each work-item one contiguous chunk: gate_chunked.json) is worse-access and
#     compare exits 1, though it executes fewer instructions;
#  2. a copy that loads 1/8 more (gate_more.json) stays more-work; an identical copy under
#     another name (gate_copy.json) stays same-work, exit 0;
#  3. the profile carries check.access and validates; check's console shows the access table,
#     and so do report's markdown and HTML; compare --json names the metric that moved.
# Usage: check_access.sh BIN DATA
set -u
bin=$1 data=$2/check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
sel=(-l 64 -n 8192 -q)

out=$("$bin" check -k "$data/gate_base.json" "${sel[@]}" -o "$work/a.json" 2>&1) ||
  fail "check base: exit $?: $out"
grep -Eq "Memory access.*sum +float +8192 +64 +[34]\.[0-9]+ " <<<"${out//$'\n'/ }" ||
  fail "check's console lacks the access table with 3.x sectors per request: $out"
for f in chunked more copy; do
  "$bin" check -k "$data/gate_$f.json" "${sel[@]}" -o "$work/$f.json" >/dev/null ||
    fail "check $f: exit $?"
done
out=$("$bin" compare "$work/a.json" "$work/chunked.json" 2>&1)
[[ $? == 1 ]] || fail "chunked: compare should exit 1: $out"
grep -Eq "sum +float +flat +8192 +64 +worse-access .*\(-[0-9.]+%\)" <<<"$out" ||
  fail "chunked: not worse-access with fewer instructions: $out"
grep -Eq "accesses worse: global 32 B sectors [0-9]+ -> [0-9]+" <<<"$out" &&
  grep -q "FAIL: 0 same-work, 0 more-work, 0 less-work, 1 worse-access" <<<"$out" ||
  fail "chunked: the note or the headline does not name the access change: $out"
out=$("$bin" compare "$work/a.json" "$work/more.json" 2>&1)
[[ $? == 1 ]] && grep -Eq "8192 +64 +more-work " <<<"$out" || fail "1/8 more: not more-work: $out"
out=$("$bin" compare "$work/a.json" "$work/copy.json" 2>&1) || fail "copy: exit $?: $out"
grep -q "PASS: 1 same-work, 0 more-work, 0 less-work (threshold" <<<"$out" ||
  fail "identical copy: not same-work: $out"
"$bin" validate "$work/chunked.json" | grep -q ": ok (1 case" || fail "chunked.json does not validate"
"$bin" compare --json "$work/a.json" "$work/chunked.json" | python3 -c '
import json, sys
c = json.load(sys.stdin)["comparisons"][0]["cases"][0]
assert c["verdict"] == "worse-access", c
worse = [a["name"] for a in c["access"] if a["judged"] == "worse"]
assert "global 32 B sectors" in worse, c["access"]' || fail "compare --json access"
python3 - "$work/a.json" "$work/chunked.json" <<'PY' || fail "check.access is missing or wrong"
import json, sys
a, c = (json.load(open(f))["cases"][0]["check"]["access"] for f in sys.argv[1:])
assert 3.5 < a["segments_per_request"]["w32_b32"] <= 4, a
assert c["segments_per_request"]["w32_b32"] > 2 * a["segments_per_request"]["w32_b32"], c
assert a["global_requests"] > 0 and a["simd_efficiency"] > 0.5, (a, c)
assert a["local_requests"] > 0 and a["bank_conflict_ways"] == 1, a
PY
"$bin" report "$work/chunked.json" --markdown "$work/c.md" -o "$work/c.html" >/dev/null 2>&1 ||
  fail "report of a check profile: exit $?"
grep -Eq "^\| sum \| float \| 8192 \| 64 \| [0-9.]+ \|" "$work/c.md" && grep -q 'id="access"' "$work/c.html" ||
  fail "report lacks the memory access table: $(grep -A4 'Memory access' "$work/c.md")"
echo "ok"
