#!/usr/bin/env bash
# `run ... | head -1`: the reader goes away before the tables are printed. SIGPIPE must not
# kill the run: the profile is written, complete, and run exits as it would otherwise (0).
# Usage: pipe_head.sh BIN OUT
set -u
bin=$1; out=$2
rm -f "$out"
"$bin" run -k reduce2,reduce3 -l 32,64 -n 4096 --min-samples 3 --max-time 0 --no-peak -q \
  --describe -o "$out" --force | head -c 1 >/dev/null
rc=${PIPESTATUS[0]}
[[ $rc == 0 ]] || { echo "FAIL: run exited $rc with its stdout closed"; exit 1; }
grep -q '"complete": true' "$out" || { echo "FAIL: no complete profile"; exit 1; }
"$bin" validate "$out" || { echo "FAIL: profile does not validate"; exit 1; }
echo "ok: run | head kept the profile"
