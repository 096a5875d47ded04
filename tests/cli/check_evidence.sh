#!/usr/bin/env bash
# `check` never gives a verdict from evidence it did not collect, and keeps what it checked
# (docs/hardening.md, docs/check.md). One scenario per call:
#   tmpdir-full    $TMPDIR on a full tmpfs: an error naming the file, never `ok` (exit 5)
#   tmpdir-tight   $TMPDIR with one page left: the evidence is kept in memory, so a barrier in a
#                  branch is still `unsafe` (exit 1), never `ok`
#   not-oclgrind   GRP_OCLGRIND_ICD at PoCL's library: refused (exit 3), never "check: 1 ok"
#   sigterm        one SIGTERM to a check of a kernel that never ends: exit 143 within a bounded
#                  time, what was checked saved (marked incomplete), a message, no temp folder
#   sigterm-stdout the same with -o -: the checked cases reach stdout, not the counts pipe
#   output-full    `check -o` on a full disk: exit 5, the profile rescued and the path named
# Mounting a tmpfs needs root; without it the full-disk scenarios fall back to a read-only
# folder (tmpdir-full) or are skipped (exit 77).
# Usage: check_evidence.sh BIN DATA SCENARIO
set -u
bin=$1 data=$2/check scenario=$3
work=$(mktemp -d)
mnt=$work/mnt
cleanup() { umount "$mnt" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR" "$mnt"
fail() { echo "FAIL: $*"; exit 1; }

# A tmpfs of SIZE_KB at $mnt filled to LEAVE_KB free; returns 1 when mounting is not allowed.
small_tmpfs() {
  mount -t tmpfs -o "size=$1k" tmpfs "$mnt" 2>/dev/null || return 1
  dd if=/dev/zero of="$mnt/filler" bs=1k count=$(($1 - $2)) 2>/dev/null
  [[ $2 == 0 ]] && { dd if=/dev/zero of="$mnt/filler2" bs=1k count=64 2>/dev/null; true; }
  return 0
}

case $scenario in
tmpdir-full)
  if small_tmpfs 256 0; then
    how="a full tmpfs"
  else
    chmod 555 "$mnt" # not root: a folder nothing can be written in
    how="a read-only folder"
  fi
  out=$(TMPDIR=$mnt "$bin" check -k "$data/user.json" -l 64 -q -o "$work/c.json" 2>&1); rc=$?
  [[ $rc == 5 ]] || fail "TMPDIR on $how: exit $rc, expected 5: $out"
  grep -Eq "(No space left on device|Permission denied|Read-only).*TMPDIR" <<<"$out" ||
    fail "the message does not say what could not be written: $out"
  grep -Eq " ok |same-work|less-work" <<<"$out" && fail "a verdict without evidence: $out"
  [[ ! -e $work/c.json ]] || fail "a profile was written without evidence"
  echo "ok: TMPDIR on $how is an error, exit 5: $out"
  ;;
tmpdir-tight)
  small_tmpfs 256 8 || { echo "skipped: mounting a tmpfs is not allowed here"; exit 77; }
  out=$(TMPDIR=$mnt "$bin" check -k "$data/user.json" -l 64 -o "$work/c.json" 2>&1); rc=$?
  [[ $rc == 1 ]] || fail "exit $rc, expected 1 (unsafe): $out"
  grep -Eq "divergent +float.* unsafe +barrier-divergence" <<<"$out" ||
    fail "the barrier in a branch is not unsafe: $out"
  grep -Eq "no_barrier +float.* unsafe +data-race" <<<"$out" || fail "the race is lost: $out"
  [[ -z $(find "$mnt" -name 'gpu-reduce-prof-check-*') ]] || fail "temp folder left in $mnt"
  echo "ok: with one page left in TMPDIR every finding is kept"
  ;;
not-oclgrind)
  lib=$(ldconfig -p | awk '/libpocl\.so/ {print $NF; exit}')
  [[ -n $lib && -r $lib ]] || { echo "skipped: no libpocl.so here"; exit 77; }
  out=$(GRP_OCLGRIND_ICD=$lib "$bin" check -k reduce2 -l 64 -q -o "$work/c.json" 2>&1); rc=$?
  [[ $rc == 3 ]] || fail "PoCL as the simulator: exit $rc, expected 3: $out"
  grep -q "is not Oclgrind: its OpenCL platform is 'Portable Computing Language'" <<<"$out" ||
    fail "the message does not name the platform: $out"
  grep -q "ok" <<<"${out//not Oclgrind/}" && grep -q "check: 1 ok" <<<"$out" && fail "$out"
  [[ ! -e $work/c.json ]] || fail "a profile was written"
  [[ -z $(ls -A "$TMPDIR") ]] || fail "temp files left: $(ls -A "$TMPDIR")"
  echo "ok: $out"
  ;;
sigterm | sigterm-stdout)
  log=$work/log
  if [[ $scenario == sigterm ]]; then
    "$bin" check -k "$data/spin.json" -l 64,128,256 -o "$work/c.json" 2>"$log" >/dev/null &
  else # the profile on stdout, which carries the simulator's counts while cases run
    "$bin" check -k "$data/spin.json" -l 64,128,256 -o - 2>"$log" >"$work/c.json" &
  fi
  pid=$!
  # The spin case never ends: wait until the simulator runs the cases (the clean ones take
  # well under a second each), then a little.
  for _ in $(seq 1 600); do
    grep -q "checking" "$log" && break
    sleep 0.1
  done
  sleep 3
  kill -TERM $pid
  start=$SECONDS
  for _ in $(seq 1 600); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  if kill -0 $pid 2>/dev/null; then
    kill -KILL $pid
    fail "one SIGTERM did not end check within 60 s: $(cat "$log")"
  fi
  wait $pid; rc=$?
  [[ $rc == 143 ]] || fail "exit $rc, expected 143: $(cat "$log")"
  grep -q "check: stopped by SIGTERM" "$log" || fail "no message: $(cat "$log")"
  [[ -z $(ls -A "$TMPDIR") ]] || fail "temp files left: $(ls -A "$TMPDIR")"
  if [[ -s $work/c.json ]]; then
    "$bin" validate "$work/c.json" >/dev/null || fail "the saved profile does not validate"
    python3 - "$work/c.json" <<'PY' || fail "the saved profile holds an unchecked case"
import json, sys
p = json.load(open(sys.argv[1]))
assert p["complete"] is False, p.get("incomplete_reason")
assert p["cases"], "an empty profile"
for c in p["cases"]:
    assert c["key"]["kernel"] == "tree" and c["status"] == "ok" and c["check"]["passes"], c
PY
    grep -q "checked case(s) saved to" "$log" || fail "the message does not say where"
    echo "ok: exit 143 after $((SECONDS - start)) s, the checked cases saved"
  else
    grep -q "before any case was checked; nothing written" "$log" ||
      fail "no profile and no reason: $(cat "$log")"
    echo "ok: exit 143 after $((SECONDS - start)) s (the spin case came first)"
  fi
  ;;
output-full)
  small_tmpfs 256 0 || { echo "skipped: mounting a tmpfs is not allowed here"; exit 77; }
  out=$("$bin" check -k reduce2 -l 64 -o "$mnt/c.json" 2>&1); rc=$?
  [[ $rc == 5 ]] || fail "exit $rc, expected 5: $out"
  rescued=$(grep -Eo "saved to [^ ]*gpu-reduce-prof-rescued-[^ ]*\.json" <<<"$out" | cut -c10-)
  [[ -n $rescued && -s $rescued ]] || fail "no rescue file named: $out"
  "$bin" validate "$rescued" | grep -q ": ok (1 case" || fail "the rescued profile: $rescued"
  echo "ok: the profile rescued to $rescued"
  ;;
*) fail "unknown scenario $scenario" ;;
esac
