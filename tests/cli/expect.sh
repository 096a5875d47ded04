#!/usr/bin/env bash
# Runs a command and checks its exit status and output, because CTest's PASS_REGULAR_EXPRESSION
# ignores exit codes. Usage: expect.sh RC REGEX [--not REGEX] -- COMMAND [ARGS...]
# REGEX is an extended regex matched against stdout+stderr ("" matches anything).
set -u
want_rc=$1; want_re=$2; shift 2
not_re=""
if [[ ${1:-} == --not ]]; then not_re=$2; shift 2; fi
[[ ${1:-} == -- ]] && shift
out=$("$@" 2>&1); rc=$?
fail=0
if [[ $rc != "$want_rc" ]]; then echo "FAIL: exit status $rc, expected $want_rc"; fail=1; fi
if [[ -n $want_re ]] && ! grep -Ezq -- "$want_re" <<<"$out"; then
  echo "FAIL: output does not match /$want_re/"; fail=1
fi
if [[ -n $not_re ]] && grep -Ezq -- "$not_re" <<<"$out"; then
  echo "FAIL: output matches forbidden /$not_re/"; fail=1
fi
if [[ $fail != 0 ]]; then
  echo "--- command: $*"; echo "--- output:"; printf '%s\n' "$out" | head -c 20000; exit 1
fi
echo "ok: exit $rc"
