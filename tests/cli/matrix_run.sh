#!/usr/bin/env bash
# A real run on PoCL, drawn as the articles' table: run's console matrix (kernel x local size,
# host row with speedups, best cell in GB/s), the host baseline in the profile (present, every
# median positive, the int sums equal to the device's verified result), report --markdown's
# matrix, --table list, and --host-repeats 0 (no baseline, no host row).
# Usage: matrix_run.sh GPU_REDUCE_PROF OUTDIR
set -u
bin=$1; out=$2
mkdir -p "$out"
quick=(--runs 1 --rounds 2 --round-spacing 0 --min-samples 3 --max-time 0 --no-peak -q --force)
fail() { echo "FAIL: $*"; exit 1; }

log=$("$bin" run -k 'reduce[0-6]' -t int,float -l 32,64,128 -n 2^14 --host-repeats 3 \
  "${quick[@]}" -o "$out/ladder.json" 2>&1); rc=$?
printf '%s\n' "$log"
[[ $rc == 0 ]] || fail "run exited $rc"
for t in int float; do
  grep -q "$t, flat, n=2^14: median time per local size" <<<"$log" || fail "no $t matrix"
done
grep -Eq "kernel +32 +64 +128" <<<"$log" || fail "no local-size header"
grep -Eq "reduce6 +[0-9.]+ [mu]?s" <<<"$log" || fail "no reduce6 row"
grep -Eq "host  sequential [0-9.]+ [mu]?s, [0-9]+ threads? [0-9.]+ [mu]?s; speedup of the best kernel [0-9.]+x, [0-9.]+x" \
  <<<"$log" || fail "no host row with speedups"
grep -Eq "best  reduce[0-6] at local [0-9]+: [0-9.]+ [mu]?s = [0-9.]+ GB/s" <<<"$log" ||
  fail "no best line"
"$bin" validate "$out/ladder.json" || fail "the profile does not validate"
python3 - "$out/ladder.json" <<'PY' || exit 1
import json, sys
p = json.load(open(sys.argv[1]))
hb = {(b["type"], b["n"]): b for b in p["host_baselines"]}
bad = []
if sorted(hb) != [("float", 16384), ("int", 16384)]:
    bad.append(f"host baselines for {sorted(hb)}")
for b in hb.values():
    for m in b["methods"]:
        if len(m["samples_ns"]) != 3 or not m["median_ns"] or m["median_ns"] <= 0:
            bad.append(f"{b['type']} {m['method']}: {m['samples_ns']} median {m['median_ns']}")
ref = next(c["reference"][0] for c in p["cases"] if c["key"]["type"] == "int")
for m in hb[("int", 16384)]["methods"]:
    if m["result"] != ref:
        bad.append(f"int {m['method']} sum {m['result']} != the device's reference {ref}")
if "host_baseline" not in p["devices"][0]["phases_s"]:
    bad.append("no host_baseline phase time")
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY

md=$("$bin" report "$out/ladder.json" --markdown - 2>&1) || fail "report --markdown failed"
grep -q "### Kernel x local size" <<<"$md" || fail "no matrix in the markdown"
grep -Eq "^\| kernel \| 32 \| 64 \| 128 \|$" <<<"$md" || fail "no markdown matrix header"
grep -Eq "^\| host \| sequential .*speedup of the best kernel" <<<"$md" || fail "no markdown host row"

log=$("$bin" run -k reduce3 -t int -l 32,64 -n 2^12 --table list --host-repeats 0 \
  "${quick[@]}" -o "$out/list.json" 2>&1) || fail "run --table list failed"
printf '%s\n' "$log"
grep -q "median time per local size" <<<"$log" && fail "--table list printed a matrix"
grep -Eq "reduce3 +int +flat +2\^12 +64" <<<"$log" || fail "--table list has no case row"
grep -q "host" <<<"$log" && fail "--host-repeats 0 still printed a host line"
python3 -c "import json,sys; sys.exit(len(json.load(open('$out/list.json'))['host_baselines']))" ||
  fail "--host-repeats 0 still recorded a host baseline"
echo "ok: the matrix, the host row and the host baseline"
