#!/usr/bin/env bash
# Runs a command and fails when its output (stdout + stderr) holds a raw control character
# other than tab and newline (ESC, BEL, NUL...): strings from profiles, specs and drivers must
# reach the terminal escaped. Also checks the exit status and a regex, like expect.sh.
# Usage: no_raw_controls.sh RC REGEX -- COMMAND [ARGS...]
set -u
want_rc=$1; want_re=$2; shift 2
[[ ${1:-} == -- ]] && shift
tmp=$(mktemp)
NO_COLOR=1 "$@" >"$tmp" 2>&1; rc=$?
fail=0
[[ $rc == "$want_rc" ]] || { echo "FAIL: exit status $rc, expected $want_rc"; fail=1; }
if LC_ALL=C grep -qaP '[\x00-\x08\x0b-\x1f\x7f]' "$tmp"; then
  echo "FAIL: raw control characters reached the terminal:"; LC_ALL=C grep -naP '[\x00-\x08\x0b-\x1f\x7f]' "$tmp" | cat -v | head -5
  fail=1
fi
grep -Ezq -- "$want_re" "$tmp" || { echo "FAIL: output does not match /$want_re/"; fail=1; }
if [[ $fail != 0 ]]; then echo "--- output:"; cat -v "$tmp" | head -50; fi
rm -f "$tmp"
[[ $fail == 0 ]] && echo "ok: exit $rc, no raw control characters"
exit $fail
