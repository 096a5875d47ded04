#!/usr/bin/env bash
# compare --junit FILE and --bmf FILE (#71 item 10) on fixed profiles: base.json against
# slower10.json (--allow-one-run: the fixtures are one run each), exit 1 as without them. The
# JUnit document is checked against the common shape by Python's own XML parser (the counts add
# up, a testcase per case, a failure for the slower cases) and, where xmllint is installed,
# against tests/data/junit/junit.xsd; the BMF document against Bencher's schema (a benchmark
# object of measures, each a number `value` with optional `lower_value` and `upper_value`).
# Then what is refused: --junit - (stdout carries the table), an output that is an input.
# Usage: junit_bmf.sh BIN DATA-DIR XSD OUT-DIR
set -euo pipefail
bin=$1 data=$2 xsd=$3 out=$4
rm -rf "$out"
mkdir -p "$out"
fail() { echo "FAIL: $*"; exit 1; }
base=$data/compare/base.json cand=$data/compare/slower10.json

rc=0
"$bin" compare "$base" "$cand" --allow-one-run --junit "$out/gate.xml" --bmf "$out/bench.json" \
  >"$out/table.txt" 2>&1 || rc=$?
[[ $rc == 1 ]] || fail "compare --junit --bmf exited $rc, expected 1 (slower10 is slower)"
grep -q "slower" "$out/table.txt" || fail "the table is no longer printed beside the files"

python3 - "$out/gate.xml" "$out/bench.json" <<'PY' || fail "the files are not what CI tools read"
import json, math, sys
import xml.etree.ElementTree as ET

root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites", root.tag
def count(e, what):
    return int(e.get(what, "0"))
totals = {"tests": 0, "failures": 0, "skipped": 0}
for suite in root:
    assert suite.tag == "testsuite" and suite.get("name"), suite.tag
    kids = [k.tag for k in suite]
    order = ["properties", "testcase", "system-out", "system-err"]
    assert [order.index(k) for k in kids] == sorted(order.index(k) for k in kids), kids
    cases = suite.findall("testcase")
    fails = sum(1 for c in cases if c.find("failure") is not None)
    skips = sum(1 for c in cases if c.find("skipped") is not None)
    assert (count(suite, "tests"), count(suite, "failures"), count(suite, "skipped")) == \
        (len(cases), fails, skips), (suite.attrib, len(cases), fails, skips)
    for c in cases:
        assert c.get("name"), c.attrib
        results = [k.tag for k in c if k.tag in ("failure", "skipped", "error")]
        assert len(results) <= 1 and (not results or c[0].tag == results[0]), results
    totals["tests"] += len(cases); totals["failures"] += fails; totals["skipped"] += skips
for k, v in totals.items():
    assert count(root, k) == v, (k, root.attrib, totals)
slower = [f for f in root.iter("failure") if f.get("type") == "slower"]
assert slower and all(f.get("message", "").startswith("slower") for f in slower), slower

doc = json.load(open(sys.argv[2]))
assert isinstance(doc, dict) and doc, doc
for name, measures in doc.items():
    assert 0 < len(name) <= 1024 and isinstance(measures, dict) and measures, name
    for measure, m in measures.items():
        assert 0 < len(measure) <= 64 and set(m) <= {"value", "lower_value", "upper_value"}, m
        assert all(isinstance(v, (int, float)) and math.isfinite(v) for v in m.values()), m
        assert "value" in m and (("lower_value" in m) == ("upper_value" in m)), m
    r = measures.get("ratio")
    if r and "lower_value" in r:
        assert r["lower_value"] <= r["value"] <= r["upper_value"], r
assert any("ratio" in m for m in doc.values()), doc
PY
if command -v xmllint >/dev/null; then
  xmllint --noout --schema "$xsd" "$out/gate.xml" 2>"$out/xmllint.txt" ||
    fail "not valid against $xsd: $(cat "$out/xmllint.txt")"
else
  echo "note: no xmllint here (libxml2-utils): the schema check was left to Python's"
fi

rc=0
"$bin" compare "$base" "$cand" --junit - >"$out/dash.txt" 2>&1 || rc=$?
[[ $rc == 2 ]] && grep -q -- "--junit takes the file to write" "$out/dash.txt" ||
  fail "--junit - exited $rc: $(cat "$out/dash.txt")"
cp "$cand" "$out/cand.json"
rc=0
"$bin" compare "$base" "$out/cand.json" --bmf "$out/cand.json" --force >"$out/same.txt" 2>&1 || rc=$?
[[ $rc == 2 ]] || fail "--bmf naming a profile it reads exited $rc: $(cat "$out/same.txt")"
cmp -s "$cand" "$out/cand.json" || fail "--bmf wrote over its own input"
echo "junit_bmf: ok"
