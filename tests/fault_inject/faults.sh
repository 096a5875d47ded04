#!/usr/bin/env bash
# What gpu-reduce-prof does today when the OpenCL driver lies or fails (issue #52): one fault per
# call, injected by the library LIB (fault_inject.cpp: GRP_FAULT's items), under which it runs
#   gpu-reduce-prof run -k reduce2 -t float -l 64 -n 2^14 --runs 1 --no-peak -q -o OUT.json
# and gpu-reduce-prof platforms, and pins the exit status, what the profile records (the case's
# status, reason, timestamp flags, rounds' flagged samples, notes) and what it prints. A check
# marked "# TODAY:" pins behaviour the issue wants changed; the comment says into what. Every
# fault must fire: the library's count at exit (GRP_FAULT_VERBOSE) is checked too.
# Usage: faults.sh BIN LIB CASE OUT-DIR [POCL-CACHE-DIR]
# (CASE: one of the names in the case statement below; POCL-CACHE-DIR: PoCL's cache, shared by
# calls that never run at once)
set -u
bin=$1; lib=$2; name=$3; out=$4
if [[ -n ${5:-} ]]; then
  mkdir -p "$5"
  export POCL_CACHE_DIR=$5
fi
rm -rf "$out"
mkdir -p "$out"
json=$out/profile.json
log=$out/output.txt
failed=0
fault=""

fail() {
  echo "FAIL ($name, GRP_FAULT='$fault'): $*"
  failed=1
}

# under FAULT ARGS...: the tool with the library in front of the loader; sets rc, output in $log.
under() {
  fault=$1
  shift
  GRP_FAULT=$fault GRP_FAULT_VERBOSE=1 LD_PRELOAD="$lib${LD_PRELOAD:+:$LD_PRELOAD}" \
    "$bin" "$@" >"$log" 2>&1
  rc=$?
  {
    echo "=== GRP_FAULT='$fault' gpu-reduce-prof $*: exit $rc"
    cat "$log"
  } >>"$out/all-output.txt"
}

sweep() {
  rm -f "$json"
  under "$1" run -k reduce2 -t float -l 64 -n '2^14' --runs 1 --no-peak -q -o "$json"
}

want_rc() { [[ $rc == "$1" ]] || fail "exit status $rc, expected $1"; }
says() { grep -Eq -- "$1" "$log" || fail "the output does not match /$1/"; }
never_says() { ! grep -Eq -- "$1" "$log" || fail "the output matches /$1/"; }
# fired ITEM COUNT-REGEX: the library's count at exit for one GRP_FAULT item.
fired() { says "^grp_fault: $1 fired $2 time\\(s\\)$"; }
no_profile() { [[ ! -e $json ]] || fail "a profile was written: $json"; }

# profile EXPR...: each a Python expression over p (the profile), c (its one case), rounds
# (c's rounds), samples and flagged (their totals); prints the ones that are false.
profile() {
  [[ -f $json ]] || {
    fail "no profile at $json"
    return
  }
  python3 - "$json" "$@" <<'PY' || fail "the profile (above)"
import json, sys
p = json.load(open(sys.argv[1]))
assert len(p["cases"]) == 1, "expected one case, got %d" % len(p["cases"])
c = p["cases"][0]
rounds = c["rounds"]
samples = sum(len(r["samples_ns"]) for r in rounds)
flagged = sum(r["flagged"] for r in rounds)
bad = [e for e in sys.argv[2:] if not eval(e)]
for e in bad:
    print("FAIL: profile: not", e)
if bad:
    print("  complete %s, incomplete_reason %r" % (p["complete"], p["incomplete_reason"]))
    print("  status %r, reason %r" % (c["status"], c["reason"]))
    print("  flags %r, notes %r" % (c["flags"], c["notes"]))
    print("  %d round(s): samples %r, flagged %r" % (len(rounds),
          [len(r["samples_ns"]) for r in rounds], [r["flagged"] for r in rounds]))
sys.exit(1 if bad else 0)
PY
}

# platforms under FAULT: reads the devices without a queue or a launch; only a build fault
# reaches it (the preferred work-group multiple comes from a built probe kernel).
platforms_under() {
  under "$1" platforms
  want_rc 0
  says "timer resolution"
  if [[ $1 == build=* ]]; then
    says "preferred wg multiple +unavailable"
  else
    never_says "preferred wg multiple +unavailable"
  fi
}

# A sweep whose every sample was flagged: today every round launches up to its sample cap,
# all flagged (extra rounds follow when a busy machine disturbed them), the case stays "ok"
# with no samples and no reason (TODAY: the issue wants a timer verdict and a non-ok status),
# and run exits 7 saying the case had every timestamp flagged.
all_flagged() {
  want_rc 7
  says "error: nothing was measured: no case has a timed sample \\(1 with every timestamp flagged"
  never_says "every case was skipped"
  profile 'p["complete"]' 'c["status"] == "ok"' 'c["reason"] is None' 'samples == 0' \
    'flagged > 0' 'len(rounds) >= c["rounds_planned"]' "c['flags'] == [$1]" 'c["notes"] == []'
}

case $name in
none) # the layer alone changes nothing
  sweep ""
  want_rc 0
  profile 'p["complete"]' 'c["status"] == "ok"' 'c["flags"] == []' 'samples > 0' \
    'flagged == 0' 'len(c["passes"]) == 3'
  never_says "grp_fault"
  platforms_under ""
  ;;
stamps_scale) # a timer 42 times too fast: every duration 42 times too long
  sweep stamps=scale:42
  fired stamps=scale:42 "[1-9][0-9]*"
  # TODAY: trusted silently (status ok, no flag, no note, exit 0), the medians 42 times too
  # long; the issue wants a timer verdict "scaled" with the factor (about 42), found by timing
  # launches on the host clock too, and the times corrected or the case set aside.
  want_rc 0
  profile 'c["status"] == "ok"' 'c["flags"] == []' 'c["notes"] == []' 'samples > 0' \
    'flagged == 0'
  platforms_under stamps=scale:42
  fired stamps=scale:42 0
  ;;
stamps_zero) # a driver that fills every stamp with 0
  sweep stamps=zero
  fired stamps=zero "[1-9][0-9]*"
  # TODAY: every sample is flagged as under the timer's resolution and dropped; the case is
  # "ok" with nothing measured, run exits 7. The issue wants a
  # timer verdict "zero" (the stamps are all 0: no device timer) and host timing instead.
  all_flagged "'pass 1: duration under timer resolution (' + str(p['devices'][0]['timer_resolution_ns']) + ' ns)'"
  platforms_under stamps=zero
  ;;
stamps_reversed) # END before START
  sweep stamps=reversed
  fired stamps=reversed "[1-9][0-9]*"
  # TODAY: every sample flagged "END before START" and dropped, the case "ok" with nothing
  # measured, exit 7. The issue wants the timer verdict (END before START:
  # untrusted) on the case, status not ok, and host timing instead.
  all_flagged "'pass 1: END before START'"
  platforms_under stamps=reversed
  ;;
stamps_jitter) # a timer whose rate wobbles by up to 30 %: noisy, but every order kept
  sweep stamps=jitter:30
  fired stamps=jitter:30 "[1-9][0-9]*"
  # TODAY: trusted (status ok, no flags), which is right; the issue wants the verdict
  # "trusted" recorded with the case. Noise is left to the rounds (not pinned: timing).
  want_rc 0
  profile 'c["status"] == "ok"' 'c["flags"] == []' 'samples > 0' 'flagged == 0'
  platforms_under stamps=jitter:30
  ;;
stamps_out_of_order) # each launch STARTs before the previous one ENDs
  sweep stamps=out-of-order
  fired stamps=out-of-order "[1-9][0-9]*"
  # TODAY: every sample flagged at pass 2 and dropped, the case "ok" with nothing measured,
  # exit 7. The issue wants the timer verdict "out-of-order" on the case
  # and host timing (or the passes' own durations) instead.
  all_flagged "'pass 2 STARTs before the previous pass ENDs'"
  platforms_under stamps=out-of-order
  ;;
profiling_refuse) # a device with no profiling queue
  sweep profiling=refuse
  fired profiling=refuse 1
  # TODAY: the whole run stops at the queue with exit 3 and no profile, and the error names
  # no code ("CL error (-35)" for CL_INVALID_QUEUE_PROPERTIES). The issue wants the run to go
  # on with host timing and the timer verdict "host timing" in the profile.
  want_rc 3
  says "error: creating a profiling queue on '.*': clCreateCommandQueue(WithProperties)?: CL error \\(-35\\)"
  no_profile
  # TODAY: platforms never tries a profiling queue, so it shows the timer resolution of a
  # device that cannot time; the issue wants the timer verdict there too.
  platforms_under profiling=refuse
  fired profiling=refuse 0
  ;;
profiling_unavailable) # a queue that profiles, events that never have stamps
  sweep profiling=unavailable
  fired profiling=unavailable 1
  # TODAY: the first timed launch stops the whole run with exit 3 and no profile (not even the
  # verified case; the message carries the C++ wrapper's misspelt "clGetEventProfileInfo").
  # The issue wants host timing and the verdict "host timing" in the profile.
  want_rc 3
  says "error: clGetEventProfilingInfo: clGetEventProfileInfo: CL_PROFILING_INFO_NOT_AVAILABLE \\(-7\\)"
  no_profile
  platforms_under profiling=unavailable
  ;;
enqueue_fail_first) # the first launch of reduce2: its first launch, verified
  sweep enqueue=fail:1:reduce2
  fired enqueue=fail:1:reduce2 1
  # The case fails with the driver's error and a hint, the profile is kept, exit 1, and the
  # closing line says the case failed (it said "every case was skipped" before).
  want_rc 1
  says "launching reduce2/float/flat/n=16384/local=64: clEnqueueNDRangeKernel: CL_OUT_OF_RESOURCES \\(-5\\)"
  says "nothing was measured: no case has a timed sample \\(1 failed"
  never_says "every case was skipped"
  profile 'p["complete"]' 'c["status"] == "failed"' \
    'c["reason"].startswith("launching reduce2/") and "CL_OUT_OF_RESOURCES (-5)" in c["reason"]' \
    'rounds == []' 'c["flags"] == []'
  platforms_under enqueue=fail:1
  fired enqueue=fail:1 0
  ;;
enqueue_fail_later) # reduce2's launch 7: after the first launch (3 passes) and the exact check
  # (3), the first warm-up launch of round 1
  sweep enqueue=fail:7:reduce2
  fired enqueue=fail:7:reduce2 1
  # The case fails while timing, exit 1, the closing line as in enqueue_fail_first.
  want_rc 1
  says "timing reduce2/float/flat/n=16384/local=64: clEnqueueNDRangeKernel: CL_OUT_OF_RESOURCES \\(-5\\)"
  profile 'p["complete"]' 'c["status"] == "failed"' \
    'c["reason"].startswith("timing reduce2/") and "CL_OUT_OF_RESOURCES (-5)" in c["reason"]' \
    'rounds == []'
  ;;
enqueue_fail_checks) # a launch of the verification's other launches (it ended run with exit 70,
  # "internal error", before): the case fails with the driver's error, the profile is kept, exit 1
  sweep enqueue=fail:4:reduce2
  fired enqueue=fail:4:reduce2 1
  want_rc 1
  never_says "internal error"
  profile 'p["complete"]' 'c["status"] == "failed"' \
    'c["reason"].startswith("the exact check of reduce2/") and "CL_OUT_OF_RESOURCES (-5)" in c["reason"]'
  sweep enqueue=fail:1:fill_exact
  fired enqueue=fail:1:fill_exact 1
  want_rc 1
  never_says "internal error"
  profile 'p["complete"]' 'c["status"] == "failed"' \
    'c["reason"].startswith("filling the exact check") and "CL_OUT_OF_RESOURCES (-5)" in c["reason"]'
  # The check that the input is untouched after round 1 (the tool's differs kernel, its third
  # launch): an unchecked input leaves the rounds untrusted, so the case fails, exit 1.
  sweep enqueue=fail:3:differs
  fired enqueue=fail:3:differs 1
  want_rc 1
  never_says "internal error"
  profile 'p["complete"]' 'c["status"] == "failed"' \
    'c["reason"].startswith("checking that the kernels left their input untouched")'
  ;;
build_fail) # every build fails: the probe of the preferred multiple, then reduce2's
  sweep build=fail
  fired build=fail 2
  # The profile is saved, marked incomplete, with the case failed and the build log; exit 4.
  want_rc 4
  says "error: kernel build failed: CL_BUILD_PROGRAM_FAILURE \\(-11\\) for entry 'reduce2'"
  says "build failure injected by GRP_FAULT"
  says "1 case\\(s\\) saved to .* \\(marked incomplete\\)"
  profile 'not p["complete"]' '"CL_BUILD_PROGRAM_FAILURE" in p["incomplete_reason"]' \
    'c["status"] == "failed"' '"build failure injected by GRP_FAULT" in c["reason"]'
  platforms_under build=fail
  fired build=fail 1
  ;;
build_oor) # every build runs out of resources, with an empty log
  sweep build=oor
  fired build=oor 2
  # TODAY: reported as a kernel that does not compile (exit 4) with an empty build log
  # printed as a blank line; an out-of-resources build is the device's limit, not the kernel's
  # error, and the issue wants it said so (and the empty log called empty).
  want_rc 4
  says "error: kernel build failed: CL_OUT_OF_RESOURCES \\(-5\\) for entry 'reduce2'"
  profile 'not p["complete"]' 'c["status"] == "failed"' '"CL_OUT_OF_RESOURCES" in c["reason"]'
  platforms_under build=oor
  fired build=oor 1
  ;;
combined) # two stamps items in the order written: scaled, then out of order
  sweep stamps=scale:42,stamps=out-of-order
  fired stamps=scale:42 "[1-9][0-9]*"
  fired stamps=out-of-order "[1-9][0-9]*"
  all_flagged "'pass 2 STARTs before the previous pass ENDs'" # TODAY: as stamps_out_of_order
  ;;
bad_spec) # an item the library cannot read stops the process before any OpenCL call
  under bogus platforms
  want_rc 99
  says "grp_fault: cannot read GRP_FAULT item 'bogus'"
  under stamps=scale:0 platforms
  want_rc 99
  says "the scale factor must be a number above 0"
  under stamps=jitter:100 platforms
  want_rc 99
  under enqueue=fail:0 platforms
  want_rc 99
  under enqueue=fail:3: platforms
  want_rc 99
  ;;
*)
  echo "faults.sh: no case '$name'"
  exit 2
  ;;
esac

if [[ $failed != 0 ]]; then
  echo "--- every command's output:"
  head -c 30000 "$out/all-output.txt"
  exit 1
fi
echo "ok: $name"
