#!/usr/bin/env bash
# The precision red team (tests/data/precision, docs/judge.md "Precision"): kernels whose
# accumulator is narrower than the type they declare are exact on the timing data, so only the
# precision check can catch them. One run of all of them at each size; the profile decides:
#   every acc_honest and chain_honest case (float and double; chain_honest is one long
#   sequential chain per work-item) is `ok` with verification.precision.ok true and no error;
#   every narrow one (double in float, float in bfloat16, float read as bfloat16) is `wrong`,
#   with the precision check's reason (or note, when another check caught it first: bfloat16
#   partials outgrow 8 bits on the timing data too), its error and effective bits recorded and
#   below the declared type's. acc_float_loads_bf16 is exact on the timing data: only the
#   precision check can catch it.
# Usage: precision.sh BIN DATA-DIR SIZES   (SIZES as for run -n, e.g. 2^10,1000003)
set -u
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
bin=$1 dir=$2 sizes=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
"$bin" run -k "$dir/precision.json" -t float,double -l 64 -n "$sizes" --runs 1 --rounds 1 \
  --round-spacing 0 --min-samples 1 --max-time 0 --no-peak -q -o "$tmp/p.json" \
  >"$tmp/out.txt" 2>&1 || rc=$?
if [[ $rc != 1 ]]; then
  echo "FAIL: run exited $rc (expected 1: wrong results)"; tail -20 "$tmp/out.txt"; exit 1
fi
python3 - "$tmp/p.json" <<'PY'
import json, sys
cases = json.load(open(sys.argv[1]))["cases"]
bad, seen = [], set()
for c in cases:
    k = c["key"]
    if c["status"] == "skipped":  # a kernel declared for one type only
        continue
    name = "%s %s n=%d" % (k["kernel"], k["type"], k["n"])
    seen.add(k["kernel"])
    p = c["verification"].get("precision")
    if p is None:
        bad.append("%s: no precision record" % name)
        continue
    if k["kernel"].endswith("_honest"):
        if c["status"] != "ok" or not p["ok"] or p["abs_error"] != 0:
            bad.append("%s: honest but %s (%s)" % (name, c["status"], c.get("reason")))
    else:
        reason = c.get("reason") or ""
        if "the precision check" not in reason:  # caught first by another check
            reason = " ".join(n for n in c.get("notes", []) if "the precision check" in n)
        if c["status"] != "wrong" or p["ok"] or not reason:
            bad.append("%s: narrow accumulator ended %s (%s)" % (name, c["status"], reason))
        elif not (p["abs_error"] and p["abs_error"] > 0):
            bad.append("%s: no error recorded" % name)
        elif p["effective_bits"] is None or p["effective_bits"] >= p["type_bits"]:
            bad.append("%s: effective bits %s, declared %s" % (name, p["effective_bits"], p["type_bits"]))
        else:
            print("caught %s: %s" % (name, reason))
want = {"acc_honest", "chain_honest", "acc_double_in_float", "chain_double_in_float",
        "acc_float_in_bf16", "acc_float_loads_bf16"}
if seen != want:
    bad.append("kernels in the profile: %s" % sorted(seen))
for b in bad:
    print("FAIL: " + b)
sys.exit(1 if bad else 0)
PY
