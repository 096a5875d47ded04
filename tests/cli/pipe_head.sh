#!/usr/bin/env bash
# `run ... | true`: the reader goes away before the tables are printed. SIGPIPE must not
# kill the run: the profile is written, complete, and run exits as it would otherwise (0).
# Usage: pipe_head.sh BIN OUT
set -u
bin=$1; out=$2
rm -f "$out"
# The reader exits at once (run --describe no longer runs a sweep to lengthen the output), so
# every write of the tables meets a closed pipe.
"$bin" run -k reduce2,reduce3 -l 32,64 -n 4096 --runs 1 --min-samples 3 --max-time 0 --no-peak -q \
  -o "$out" --force | true
rc=${PIPESTATUS[0]}
[[ $rc == 0 ]] || { echo "FAIL: run exited $rc with its stdout closed"; exit 1; }
grep -q '"complete": true' "$out" || { echo "FAIL: no complete profile"; exit 1; }
"$bin" validate "$out" || { echo "FAIL: profile does not validate"; exit 1; }
echo "ok: run | head kept the profile"
