#!/usr/bin/env bash
# A kernel build error in the user's terms (#33): the log names the user's .cl at the line and
# column of the error (not PoCL's cache file), the compiler's stray "1 error generated." is not
# printed before the message, and the profile keeps the mapped log in the failed case's reason
# and the driver's own in extra.build_log_raw.
# Usage: build_error_mapped.sh BIN SPEC OUT
set -u
bin=$1 spec=$2 out=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -f "$out"
log=$("$bin" run -k "$spec" -l 64 -n 1000 --runs 1 --rounds 2 --round-spacing 0 --min-samples 3 \
  --max-time 0 --no-peak -q -o "$out" 2>&1)
rc=$?
echo "$log"
[[ $rc == 4 ]] || fail "exit $rc, expected 4"
grep -q "broken\.cl:3:22: use of undeclared identifier 'undeclared_variable'" <<<"$log" ||
  fail "the log does not name broken.cl:3:22"
! grep -q "tempfile_" <<<"$log" || fail "the log names the driver's cache file"
head -1 <<<"$log" | grep -q "error generated" && fail "a stray compiler line before the message"
python3 - "$out" <<'PY' || exit 1
import json, sys
c = [c for c in json.load(open(sys.argv[1]))["cases"] if c["status"] == "failed"][0]
assert "broken.cl:3:22" in c["reason"], c["reason"]
raw = c["extra"].get("build_log_raw")
assert raw is None or "undeclared_variable" in raw, raw
PY
echo "ok: the build error names the user's file"
