#!/usr/bin/env bash
# compare names a cause for each slower case from check profiles of the same kernels (#68 item 3),
# on committed fixtures (tests/data/compare/cause/make_cause_fixtures.py) and one real check:
#  1. base.json against slower10.json with X.check.json beside each (the convention): more-work,
#     worse-access, device-side and "cause unknown: no check profile covers it", the files named;
#     the verdicts and exit 1 unchanged; in --json each case's cause.class; none without them;
#  2. a duet (duet_controlled.json) with D.base.check.json and D.check.json beside it: device-side,
#     both kernels in the same rounds; in --markdown too;
#  3. --work refuses a timed profile (2), a missing file (5), several candidates (2) and an
#     output onto its files (2); a stray unloadable check file beside a profile is a warning,
#     never an error;
#  4. a real check of the built-in reduce6 counted another source than the fixture's: stale;
#  5. history: 4 invocations like base.json, then 4 like slower10.json, with p3.check.json and
#     p4.check.json beside the two around the step: each step's "why slower" line, and the
#     --html page's column.
# Usage: compare_cause.sh BIN DATA
set -u
# Step 4 runs a real check: Oclgrind's own allocations (InstructionCounter) outlive the process,
# which LeakSanitizer reports under the sanitizer build (its abort_on_error made check exit 134).
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
bin=$1 data=$2/compare
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp "$data/base.json" "$data/slower10.json" "$data/duet_controlled.json" "$work/"
cp "$data/cause/base.check.json" "$data/cause/slower10.check.json" "$work/"
cd "$work" || exit 1

out=$("$bin" compare base.json slower10.json --allow-one-run 2>&1)
[[ $? == 1 ]] || fail "a slower candidate with causes must still exit 1: $out"
for want in "why slower \(causes from check profiles base.check.json \(base\) and slower10.check.json \(candidate\), found beside the timed profiles\)" \
  "reduce0/float/flat/n=1048576/local=256: more-work: instructions \+12.5% \(counted at n=4099\)" \
  "reduce3/int/flat/n=1048576/local=256: worse-access: global 32 B sectors 525 -> 4200" \
  "reduce6/float/flat/n=1048576/local=256: same work and access: device-side \(counted at n=4099\); no recorded condition" \
  "reduce6/int/flat/n=1048576/local=256: cause unknown: no check profile covers it: slower10.check.json has no case reduce6/int" \
  "6 cases: 6 slower\. FAIL: 6 cases fail"; do
  grep -Eq "$want" <<<"$out" || fail "missing /$want/ in: $out"
done
"$bin" compare base.json slower10.json --allow-one-run --json 2>/dev/null >causes.json
python3 - causes.json <<'PY' || fail "compare --json causes"
import json, sys
c = json.load(open(sys.argv[1]))["comparisons"][0]
got = {x["case"].split("/n=")[0]: x["cause"]["class"] for x in c["cases"]}
assert got == {"reduce0/float/flat": "more-work", "reduce0/int/flat": "more-work",
               "reduce3/float/flat": "worse-access", "reduce3/int/flat": "worse-access",
               "reduce6/float/flat": "device-side", "reduce6/int/flat": "unknown"}, got
assert all(x["verdict"] == "slower" and x["fails"] for x in c["cases"])
assert c["work"] == {"base": "base.check.json", "candidate": "slower10.check.json",
                     "found": "beside"}, c["work"]
PY
mkdir plain && cp base.json slower10.json plain/
out=$("$bin" compare plain/base.json plain/slower10.json --allow-one-run --json 2>&1)
[[ $? == 1 ]] || fail "without check profiles: exit 1 expected"
grep -q '"cause": null' <<<"$out" && grep -q '"work": null' <<<"$out" ||
  fail "without check profiles the causes are null"

cp base.check.json duet_controlled.base.check.json
cp base.check.json duet_controlled.check.json
out=$("$bin" compare duet_controlled.json --markdown - 2>&1)
[[ $? == 1 ]] || fail "the duet must still exit 1: $out"
grep -Eq "why slower\*\* \(causes from check profiles duet\\\\_controlled.base.check.json \(base\)" <<<"$out" &&
  grep -q "base:reduce6/float/flat/n=1048576/local=256: same work and access: device-side (counted at n=4099); both kernels timed in the same rounds" <<<"$out" ||
  fail "duet cause in markdown: $out"

"$bin" compare --work base.json slower10.check.json base.json slower10.json >/dev/null 2>&1
[[ $? == 2 ]] || fail "--work with a timed profile: exit 2 expected"
"$bin" compare --work base.check.json gone.check.json base.json slower10.json >/dev/null 2>&1
[[ $? == 5 ]] || fail "--work with a missing file: exit 5 expected"
"$bin" compare --work base.check.json slower10.check.json base.json slower10.json slower10.json \
  >/dev/null 2>&1
[[ $? == 2 ]] || fail "--work with two candidates: exit 2 expected"
"$bin" compare --work base.check.json slower10.check.json base.json slower10.json \
  --csv slower10.check.json --force >/dev/null 2>&1
[[ $? == 2 ]] || fail "--csv onto a --work file: exit 2 expected (never written over)"
echo '{"not": "a profile"' >slower10.check.json
out=$("$bin" compare base.json slower10.json --allow-one-run 2>&1)
[[ $? == 1 ]] || fail "a stray check file must not change the exit status: $out"
grep -q "warning: slower10.check.json does not load, no cause from it" <<<"$out" &&
  grep -q "cause unknown: no check profile for the candidate" <<<"$out" ||
  fail "a stray check file: $out"

# A real check counts the built-in reduce6, whose source is not the fixture's made-up one.
"$bin" check -k reduce6 -t float -l 256 -q -o real.json >/dev/null 2>&1 || fail "check: exit $?"
out=$("$bin" compare duet_controlled.json --work real.json real.json 2>&1)
grep -q "cause unknown: stale check profile: real.json counted another source of reduce6" <<<"$out" ||
  fail "a check of another source must be stale: $out"
mkdir hist && cp "$data/cause/base.check.json" hist/p3.check.json &&
  cp "$data/cause/slower10.check.json" hist/p4.check.json || fail "copy"
python3 - "$data" hist <<'PY' || fail "history fixtures"
import json, sys
for i in range(8):
    p = json.load(open(sys.argv[1] + ("/base.json" if i < 4 else "/slower10.json")))
    for r in p["runs"]:  # eight invocations in time order
        r["id"] = "run%02d" % i
        r["host"]["started_at"] = "2026-11-01T00:%02d:00Z" % i
    json.dump(p, open("%s/p%d.json" % (sys.argv[2], i), "w"))
PY
out=$("$bin" history hist 2>&1)
[[ $? == 1 ]] || fail "history of a 10 % step must still exit 1: $out"
grep -A3 "FAIL step .* reduce0 (int" <<<"$out" |
  grep -q "^      why slower: more-work: instructions +12.5% (counted at n=4099)" &&
  grep -q "why slower: worse-access: global 32 B sectors 525 -> 4200" <<<"$out" ||
  fail "history's causes: $out"
"$bin" history hist --html hist.html >/dev/null 2>&1
grep -q "why slower</th>" hist.html && grep -q "<td>more-work: instructions +12.5% (counted at n=4099)</td>" hist.html ||
  fail "history --html lacks the why-slower column"
echo "ok"
