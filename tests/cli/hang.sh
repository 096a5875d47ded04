#!/usr/bin/env bash
# A launch that never completes beside an honest case (#70): with --launch-timeout the hung
# case ends failed ("hung: no completion after N s"), the run goes on in a fresh process and
# measures the honest case, and the whole run ends in bounded time with exit 1 (a failed case).
# Without the timeout the run stayed in "verifying" forever. The hand-over file is removed, and
# with --runs N the later processes skip the hung case instead of waiting for it again.
# Usage: hang.sh BIN OUT_DIR HANG_SPEC [EXTRA RUN OPTIONS...]
set -u
bin=$1; dir=$2; spec=$3; shift 3
rm -rf "$dir"; mkdir -p "$dir"
out=$dir/hang.json
log=$(mktemp)
timeout -k 5 240 "$bin" run -k "$spec" -t int -n 4096,5000 -l 1 --rounds 2 --min-samples 2 \
  --max-samples 2 --warmup 1 --round-spacing 0 --no-peak --launch-timeout 10 -o "$out" "$@" \
  2>"$log" >/dev/null
rc=$?
cat "$log"
[[ $rc != 124 && $rc != 137 ]] || { echo "FAIL: the run hung (killed by timeout)"; exit 1; }
[[ $rc == 1 ]] || { echo "FAIL: exit $rc, expected 1 (a failed case)"; exit 1; }
grep -q "fresh process" "$log" || { echo "FAIL: no word of the fresh process"; exit 1; }
# Once per run: a later process of --runs skips the case an earlier one saw hang.
n=$(grep -c "did not complete" "$log")
[[ $n == 1 ]] || { echo "FAIL: $n hangs waited for, expected 1"; exit 1; }
python3 - "$out" <<'PY' || exit 1
import json, sys
p = json.load(open(sys.argv[1]))
cases = {c["key"]["n"]: c for c in p["cases"]}
assert set(cases) == {4096, 5000}, f"cases: {sorted(cases)}"
hung, honest = cases[5000], cases[4096]
assert hung["status"] == "failed", hung["status"]
assert hung["reason"].startswith("hung: no completion after 10 s"), hung["reason"]
assert honest["status"] == "ok", honest
assert len(honest["rounds"]) >= 1 and honest["rounds"][0]["samples_ns"], "honest case not timed"
assert p["complete"], p.get("incomplete_reason")
assert "--after-hang" not in p["tool"]["argv"], p["tool"]["argv"]
PY
"$bin" validate "$out" >/dev/null || { echo "FAIL: the profile does not validate"; exit 1; }
! ls "$dir" | grep -q rescued || { ls "$dir"; echo "FAIL: the hand-over file was left"; exit 1; }
echo "ok: the hung case failed after 10 s, the honest one was measured, exit 1"
