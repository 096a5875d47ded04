#!/usr/bin/env bash
# A kernel build fails after a group of cases has finished: the finished group is saved as an
# incomplete profile, the build log is printed and the exit status is 4. PoCL's memory is
# limited to 1 GiB, so the int and the uint inputs (320 MB each) fall into two groups and the
# broken uint-only kernel is built only after the int group is measured.
# Usage: build_failure_keeps_group.sh BIN OUT BROKEN_UINT_SPEC
set -u
bin=$1; out=$2; spec=$3
rm -f "$out"
log=$(mktemp)
POCL_MEMORY_LIMIT=1 "$bin" run -k "reduce2,$spec" -t int,uint -n 40000000 -l 64 --rounds 1 \
  --min-samples 1 --max-samples 1 --warmup 0 --no-peak -q -o "$out" --force >/dev/null 2>"$log"
rc=$?
cat "$log"
[[ $rc == 4 ]] || { echo "FAIL: exit $rc, expected 4"; exit 1; }
grep -q "build log" "$log" || { echo "FAIL: no build log"; exit 1; }
grep -q "saved to $out (marked incomplete)" "$log" || { echo "FAIL: no word of the saved cases"; exit 1; }
python3 - "$out" <<'PY' || exit 1
import json, sys
p = json.load(open(sys.argv[1]))
assert p["complete"] is False, "not marked incomplete"
assert "kernel build failed" in p["incomplete_reason"], p["incomplete_reason"]
ok = [c for c in p["cases"] if c["status"] == "ok" and c["key"]["type"] == "int"]
assert ok and ok[0]["rounds"] and ok[0]["rounds"][0]["samples_ns"], "the finished int group was lost"
PY
"$bin" validate "$out" || { echo "FAIL: saved profile does not validate"; exit 1; }
echo "ok: the build failure kept the finished group"
