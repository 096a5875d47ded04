#!/usr/bin/env bash
# Size honesty's red team (tests/data/sizes, docs/judge.md "Sizes"): a float4 kernel without
# its tail loop is right at every power of two, so only the held-out size check catches it.
# One run at two powers of two for every type; the profile decides: vec4_no_tail is `wrong`
# with "a size the sweep did not ask for" and a held-out record that is not ok; its honest twin
# vec4_tail is `ok` with a held-out record that is ok, at an odd size below n.
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
