#!/usr/bin/env bash
# Output that cannot be written is an error (exit 5), whatever the command found; a pipe whose
# reader left (| true) is not. Usage: stdout_full.sh BIN COMPARE-DATA-DIR
set -u
bin=$1 cmp=$2
fail() { echo "FAIL: $*"; exit 1; }
[[ -w /dev/full ]] || { echo "ok: no /dev/full here, nothing to check"; exit 0; }
expect() { # expect RC ARGS...: BIN ARGS > /dev/full exits RC and names stdout
  local want=$1; shift
  local err rc=0
  err=$("$bin" "$@" 2>&1 >/dev/full) || rc=$?
  [[ $rc == "$want" ]] || fail "$* > /dev/full: exit $rc, expected $want: $err"
  grep -q "standard output could not be written" <<<"$err" || fail "$*: no message: $err"
}
expect 5 compare "$cmp/base.json" "$cmp/identical.json" --json --allow-one-run
expect 5 compare "$cmp/base.json" "$cmp/identical.json" --markdown --allow-one-run
expect 5 validate "$cmp/base.json"
expect 5 completion bash
expect 5 compare "$cmp/base.json" "$cmp/slower10.json" --allow-one-run # not the regression's 1
expect 5 compare "$cmp/base.json" "$cmp/slower10.json" # nor NOT GATED's 8 (docs/run.md)
expect 5 run --help # help that never arrived is lost output too
# A reader that left is no error: SIGPIPE ends the command as it ends any (141), or the
# command finishes (0; run ignores SIGPIPE to keep its profile).
"$bin" compare "$cmp/base.json" "$cmp/identical.json" --json | true
rc=${PIPESTATUS[0]}
[[ $rc == 0 || $rc == 141 ]] || fail "compare | true: exit $rc, expected 0 or 141"
echo "ok"
