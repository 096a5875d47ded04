#!/usr/bin/env bash
# Size honesty's red team (tests/data/sizes, docs/judge.md "Sizes"): a float4 kernel without
# its tail loop is right at every power of two, so only the held-out size check catches it.
# One run at two powers of two for every type; the profile decides: vec4_no_tail is `wrong`
# with "a size the sweep did not ask for" and a held-out record that is not ok; its honest twin
# vec4_tail is `ok` with a held-out record that is ok, at an odd size below n. Then the same
# tail-less kernel under a spec that declares `"n": {"multiple_of": 4}` (declared.json): `ok` at
# 2^10 with a held-out size that is 4 x an odd number, and the swept n = 1001 skipped with the
# reason.
# Usage: sizes.sh BIN DATA-DIR
set -u
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
bin=$1 dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
"$bin" run -k "$dir/tail.json" -t int,uint,float,double -l 64 -n 2^10,2^16 --runs 1 --rounds 1 \
  --round-spacing 0 --min-samples 1 --max-time 0 --no-peak -q -o "$tmp/p.json" \
  >"$tmp/out.txt" 2>&1 || rc=$?
if [[ $rc != 1 ]]; then
  echo "FAIL: run exited $rc (expected 1: wrong results)"; tail -20 "$tmp/out.txt"; exit 1
fi
python3 - "$tmp/p.json" <<'PY'
import json, sys
cases = json.load(open(sys.argv[1]))["cases"]
bad = []
for c in cases:
    k = c["key"]
    name = "%s %s n=%d" % (k["kernel"], k["type"], k["n"])
    h = c["verification"].get("held_out")
    if h is None or h["note"] is not None:
        bad.append("%s: no held-out launch (%s)" % (name, h))
        continue
    if not (k["n"] // 2 <= h["n"] < k["n"] and h["n"] % 2 == 1):
        bad.append("%s: held-out size %d is not odd in [n/2, n)" % (name, h["n"]))
    if k["kernel"] == "vec4_tail" and (c["status"] != "ok" or not h["ok"]):
        bad.append("%s: honest but %s (%s)" % (name, c["status"], c.get("reason")))
    if k["kernel"] == "vec4_no_tail":
        reason = c.get("reason") or ""
        if c["status"] != "wrong" or h["ok"] or "a size the sweep did not ask for" not in reason:
            bad.append("%s: tail-dropping kernel ended %s (%s)" % (name, c["status"], reason))
        else:
            print("caught %s: %s" % (name, reason))
if len(cases) != 16:
    bad.append("%d cases, expected 16" % len(cases))
for b in bad:
    print("FAIL: " + b)
sys.exit(1 if bad else 0)
PY
[[ $? == 0 ]] || exit 1
rc=0
"$bin" run -k "$dir/declared.json" -t int,float -l 64 -n 2^10,1001 --runs 1 --rounds 1 \
  --round-spacing 0 --min-samples 1 --max-time 0 --no-peak -q -o "$tmp/d.json" \
  >"$tmp/out.txt" 2>&1 || rc=$?
if [[ $rc != 0 ]]; then
  echo "FAIL: run of declared.json exited $rc (expected 0)"; tail -20 "$tmp/out.txt"; exit 1
fi
python3 - "$tmp/d.json" <<'PY'
import json, sys
cases = json.load(open(sys.argv[1]))["cases"]
bad = []
for c in cases:
    k = c["key"]
    name = "%s %s n=%d" % (k["kernel"], k["type"], k["n"])
    if k["n"] == 1001:
        if c["status"] != "skipped" or "is not a multiple of 4" not in (c.get("reason") or ""):
            bad.append("%s: %s (%s), expected skipped as not a multiple of 4" % (
                name, c["status"], c.get("reason")))
        continue
    h = c["verification"].get("held_out") or {}
    held = h.get("n") or 0
    if c["status"] != "ok" or not h.get("ok") or held % 4 or (held // 4) % 2 == 0 or not (
            k["n"] // 2 <= held < k["n"]):
        bad.append("%s: %s, held-out %s (expected ok at 4 x an odd size in [n/2, n))" % (
            name, c["status"], h))
if len(cases) != 4:
    bad.append("%d cases of declared.json, expected 4" % len(cases))
for b in bad:
    print("FAIL: " + b)
sys.exit(1 if bad else 0)
PY
