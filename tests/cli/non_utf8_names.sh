#!/usr/bin/env bash
# Profiles whose file names are not UTF-8 (Linux names are bytes; JSON text is UTF-8): history
# --json and compare --json name them escaped ("p\xff.json") and exit as for any profile, never
# 70 ("internal error ... invalid UTF-8"). Usage: non_utf8_names.sh BIN DATA
set -euo pipefail
bin=$1 data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
bad=$tmp/perf/p$'\xff'.json
mkdir "$tmp/perf"
cp "$data/compare/base.json" "$bad"
rc=0
"$bin" history "$tmp/perf" --by-time --json >"$tmp/h.json" 2>"$tmp/h.err" || rc=$?
[[ $rc -eq 8 ]] || fail "history --json: exit $rc: $(cat "$tmp/h.err")"
python3 -c 'import json,sys; t=open(sys.argv[1],encoding="utf-8").read(); json.loads(t); assert "p\\\\xff.json" in t, t' \
  "$tmp/h.json" || fail "history --json: $(head -c 400 "$tmp/h.json")"
rc=0
"$bin" compare "$data/compare/base.json" "$bad" --json >"$tmp/c.json" 2>"$tmp/c.err" || rc=$?
[[ $rc -eq 0 || $rc -eq 1 || $rc -eq 8 ]] || fail "compare --json: exit $rc: $(cat "$tmp/c.err")"
python3 -c 'import json,sys; t=open(sys.argv[1],encoding="utf-8").read(); json.loads(t); assert "p\\\\xff.json" in t, t' \
  "$tmp/c.json" || fail "compare --json: $(head -c 400 "$tmp/c.json")"
echo "non_utf8_names: ok"
