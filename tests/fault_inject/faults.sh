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

# platforms under FAULT [VERDICT]: lists the devices and tests each one's timer (a probe kernel
# on a queue of its own), so its timer line shows VERDICT (default trusted); a build fault also
# leaves the preferred work-group multiple (from a built probe kernel) unavailable.
platforms_under() {
  under "$1" platforms
  want_rc 0
  says "timer resolution"
  says "^  timer +${2:-trusted}"
  if [[ $1 == build=* ]]; then
    says "preferred wg multiple +unavailable"
  else
    never_says "preferred wg multiple +unavailable"
  fi
}

# host_timed VERDICT CAUSE: (CAUSE plain text, no regex characters) a timer the probe cannot trust (VERDICT, for CAUSE) gives way to the
# host clock: the run measures (exit 0), says so once, and the profile records the verdict, the
# cause and the times' source; no sample is flagged, since none is read from the events.
host_timed() {
  want_rc 0
  says "^warning: timer $1.*$2.*Times come from the host clock instead"
  profile 'p["complete"]' 'c["status"] == "ok"' 'samples > 0' 'flagged == 0' \
    "p['devices'][0]['timer']['verdict'] == '$1'" 'p["devices"][0]["timer"]["timing"] == "host"' \
    "'$2' in p['devices'][0]['timer']['cause']" 'all(r["host_ns"] > 0 for r in rounds)'
}

# compare_refuses: the profile against itself, one run each gated anyway (--allow-one-run): the
# untrusted timer keeps every case from the gate (exit 8, UNDECIDED) and says whose and why.
compare_refuses() {
  cp "$json" "$out/again.json"
  "$bin" compare --allow-one-run "$json" "$out/again.json" >"$log" 2>&1
  rc=$?
  want_rc 8
  says "timing not gated: base's timer on "
  says "UNDECIDED"
}

case $name in
none) # the layer alone changes nothing
  sweep ""
  want_rc 0
  profile 'p["complete"]' 'c["status"] == "ok"' 'c["flags"] == []' 'samples > 0' \
    'flagged == 0' 'len(c["passes"]) == 3'
  never_says "grp_fault"
  profile 'p["devices"][0]["timer"]["verdict"] == "trusted"' \
    'p["devices"][0]["timer"]["timing"] == "events"' 'all(r["host_ns"] > 0 for r in rounds)'
  platforms_under ""
  ;;
stamps_scale) # a timer 42 times too fast: every duration 42 times too long
  sweep stamps=scale:42
  fired stamps=scale:42 "[1-9][0-9]*"
  # Found by the probe (two launches of >= 5 ms on the events and the host clock), the factor
  # about 42; at most 42 and a little, and well above 1 when other processes stretch the host's
  # bracket (a rehearsal at load 13 read 25.1: the bracket holds the waits for a CPU too).
  host_timed scaled "span"
  profile '10 < p["devices"][0]["timer"]["ratio"] < 50'
  compare_refuses
  platforms_under stamps=scale:42 scaled
  fired stamps=scale:42 "[1-9][0-9]*"
  ;;
stamps_zero) # a driver that fills every stamp with 0
  sweep stamps=zero
  fired stamps=zero "[1-9][0-9]*"
  host_timed zero "every profiling stamp is 0"
  platforms_under stamps=zero zero
  ;;
stamps_reversed) # END before START
  sweep stamps=reversed
  fired stamps=reversed "[1-9][0-9]*"
  host_timed out-of-order "END before START"
  platforms_under stamps=reversed out-of-order
  ;;
stamps_jitter) # a timer whose rate wobbles by up to 30 %: noisy, but every order kept
  sweep stamps=jitter:30
  fired stamps=jitter:30 "[1-9][0-9]*"
  # Trusted, recorded with the device; the noise is left to the rounds (not pinned: timing).
  want_rc 0
  profile 'c["status"] == "ok"' 'c["flags"] == []' 'samples > 0' 'flagged == 0' \
    'p["devices"][0]["timer"]["verdict"] == "trusted"'
  platforms_under stamps=jitter:30
  ;;
stamps_out_of_order) # each launch STARTs before the previous one ENDs
  sweep stamps=out-of-order
  fired stamps=out-of-order "[1-9][0-9]*"
  host_timed out-of-order "STARTs before the previous one"
  platforms_under stamps=out-of-order out-of-order
  ;;
profiling_refuse) # a device with no profiling queue
  sweep profiling=refuse
  fired profiling=refuse 1
  # The run goes on with a plain queue and host timing; the error is named.
  host_timed host "no profiling queue"
  says "no profiling queue: clCreateCommandQueue(WithProperties)?: CL_INVALID_QUEUE_PROPERTIES \\(-35\\)"
  compare_refuses
  platforms_under profiling=refuse host
  fired profiling=refuse 1
  ;;
profiling_unavailable) # a queue that profiles, events that never have stamps
  sweep profiling=unavailable
  fired profiling=unavailable 1
  # The probe's events carry no stamps: host timing, the error named.
  host_timed host "events carry no stamps"
  says "CL_PROFILING_INFO_NOT_AVAILABLE \\(-7\\)"
  platforms_under profiling=unavailable host
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
  # platforms' timer probe launches too: its first launch fails, so the timer is unchecked
  platforms_under enqueue=fail:1 unchecked
  fired enqueue=fail:1 1
  ;;
enqueue_fail_later) # reduce2's launch 13: after the first launch (3 passes), the exact check
  # (3), the precision check (3) and the check at a held-out size (3), the first warm-up launch
  # of round 1
  sweep enqueue=fail:13:reduce2
  fired enqueue=fail:13:reduce2 1
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
build_fail) # every build fails: the probe of the preferred multiple, the timer probe (its timer
  # is then unchecked, said in a note), the empty kernel of the launch floor (none, said in a
  # note), then reduce2's
  sweep build=fail
  fired build=fail 4
  says "^note: timer unchecked: the timer probe failed: clBuildProgram: CL_BUILD_PROGRAM_FAILURE"
  says "^note: no launch floor on .*: the empty kernel did not build"
  # The profile is saved, marked incomplete, with the case failed and the build log; exit 4.
  want_rc 4
  says "error: kernel build failed: CL_BUILD_PROGRAM_FAILURE \\(-11\\) for entry 'reduce2'"
  says "build failure injected by GRP_FAULT"
  says "1 case\\(s\\) saved to .* \\(marked incomplete\\)"
  profile 'not p["complete"]' '"CL_BUILD_PROGRAM_FAILURE" in p["incomplete_reason"]' \
    'c["status"] == "failed"' '"build failure injected by GRP_FAULT" in c["reason"]'
  platforms_under build=fail unchecked
  fired build=fail 2
  ;;
build_oor) # every build runs out of resources, with an empty log
  sweep build=oor
  fired build=oor 4
  # TODAY: reported as a kernel that does not compile (exit 4) with an empty build log
  # printed as a blank line; an out-of-resources build is the device's limit, not the kernel's
  # error, and the issue wants it said so (and the empty log called empty).
  want_rc 4
  says "error: kernel build failed: CL_OUT_OF_RESOURCES \\(-5\\) for entry 'reduce2'"
  profile 'not p["complete"]' 'c["status"] == "failed"' '"CL_OUT_OF_RESOURCES" in c["reason"]'
  platforms_under build=oor unchecked
  fired build=oor 2
  ;;
combined) # two stamps items in the order written: scaled, then out of order
  sweep stamps=scale:42,stamps=out-of-order
  fired stamps=scale:42 "[1-9][0-9]*"
  fired stamps=out-of-order "[1-9][0-9]*"
  host_timed out-of-order "STARTs before the previous one" # ordering is judged before rate
  ;;
device_fails) # two devices (PoCL's pthread device twice); device 0's context fails: the run
  # lists its devices without a context (each session probes the preferred multiple in its own),
  # so the session of device 0 is context 1
  export POCL_DEVICES="pthread pthread"
  rm -f "$json"
  under context=fail:1 run -d all -k reduce2 -t float -l 64 -n '2^14' --no-peak -q -o "$json"
  fired context=fail:1 1
  # The other device still runs; the failure is said at once and at the end, recorded, exit 1.
  want_rc 1
  says "^error: .* failed: creating a context and queue on .*CL_OUT_OF_HOST_MEMORY \\(-6\\)"
  says "the run goes on with the next device"
  says "^failed: device "
  profile 'p["complete"]' 'len(p["devices"]) == 2' 'c["device"] == 1' 'c["status"] == "ok"' \
    '"CL_OUT_OF_HOST_MEMORY" in p["devices"][0]["failure"]' 'p["devices"][1]["failure"] is None'
  # One device alone still stops the run at its failure (exit 3), as before.
  rm -f "$json"
  under context=fail:1 run -d 0 -k reduce2 -t float -l 64 -n '2^14' --no-peak -q -o "$json"
  want_rc 3
  no_profile
  ;;
device_fails_parallel) # the same two devices at once, a process each (--devices-parallel on):
  # only the second device's session fails (context=fail:1:1 counts the contexts on device 1 in
  # each process: its session is the first, the listing opens none; device 0's process never
  # opens one on it). Device 0's process still measures; the failure is said at once, prefixed with
  # its device, and at the end; the profile has the shape of the sequential run's (below); exit 1.
  export POCL_DEVICES="pthread pthread"
  rm -f "$json"
  under context=fail:1:1 run -d all --devices-parallel on -k reduce2 -t float -l 64 -n '2^14' \
    --no-peak -o "$json"
  want_rc 1
  says "^\[device 1\] grp_fault: context=fail:1:1 fired 1 time\\(s\\)$"
  says "^\[device 0\] grp_fault: context=fail:1:1 fired 0 time\\(s\\)$"
  says "^\[device 1\] error: .* failed: creating a context and queue on .*CL_OUT_OF_HOST_MEMORY"
  says "^failed: device .*CL_OUT_OF_HOST_MEMORY"
  profile 'p["complete"]' 'len(p["devices"]) == 2' 'len(p["runs"]) == 1' 'c["device"] == 0' \
    'c["status"] == "ok"' 'p["devices"][0]["failure"] is None' \
    '"CL_OUT_OF_HOST_MEMORY" in p["devices"][1]["failure"]'
  # One after the other (--devices-parallel off; also auto's choice for these CPU devices), the
  # same fault gives a profile of the same shape, without the prefixes.
  rm -f "$json"
  under context=fail:1:1 run -d all -k reduce2 -t float -l 64 -n '2^14' --no-peak -o "$json"
  want_rc 1
  never_says "^\[device "
  says "^error: .* failed: creating a context and queue on .*CL_OUT_OF_HOST_MEMORY"
  profile 'p["complete"]' 'len(p["devices"]) == 2' 'len(p["runs"]) == 1' 'c["device"] == 0' \
    'c["status"] == "ok"' 'p["devices"][0]["failure"] is None' \
    '"CL_OUT_OF_HOST_MEMORY" in p["devices"][1]["failure"]'
  ;;
roof_low) # the read roof timed 1000x too slow: an honest case reads above it, so it is implausible
  # (never ok, exit 1), named with its bytes and roof, and compare fails it (exit 1)
  rm -f "$json"
  under stamps=slow:1000:stream_read,stamps=slow:1000:chunk_read \
    run -k reduce2 -t float -l 64 -n '2^14' --runs 1 --peak-bytes 1Mi -q -o "$json"
  want_rc 1
  says "^implausible: reduce2/.*reads 64.00 KiB at .* GB/s, above 2x the device's read roof"
  fired "stamps=slow:1000:chunk_read" "[0-9]+"
  profile 'c["status"] == "implausible"' '"read roof at that size" in c["reason"]' \
    'p["schema_version"] == "2.19.0"' \
    '[r["bytes"] for r in p["devices"][0]["roofs"]] == [65536]' \
    'p["devices"][0]["roofs"][0]["read_gbps"] * 2 < c["gbps"]'
  cp "$json" "$out/again.json"
  "$bin" compare "$json" "$out/again.json" --allow-one-run >"$log" 2>&1
  rc=$?
  want_rc 1
  says "implausible"
  ;;
cards) # two processes on this host made two cards (card=pci:B), the second 4x slower
  # (card=slow:4): two shards of one plan merge onto two cards, and the anchors' levels say
  # which is slow (#69: a fleet's queue tried on one host)
  for k in 1 2; do
    f="card=pci:$((64 + k))"
    [[ $k == 2 ]] && f="$f,card=slow:4"
    under "$f" run -k reduce2 -t float -l 64 -n '2^12,2^14' --rounds 3 --samples 5 \
      --warmup 1 --no-peak --host-repeats 0 --sensors off --settle 0 -q --shard "$k/2" \
      -o "$out/s$k.json"
    want_rc 0
    fired "card=pci:$((64 + k))" "[1-9][0-9]*"
  done
  fired "card=slow:4" "[1-9][0-9]*"
  "$bin" merge "$out/s1.json" "$out/s2.json" -o "$json" >"$log" 2>&1
  rc=$?
  want_rc 0
  python3 - "$json" <<'PY' || fail "the merged fleet (above)"
import json, sys
p = json.load(open(sys.argv[1]))
buses = [d["pci_bus"] for d in p["devices"]]
cards = {c["pci_bus"]: c["level"] for m in p["fleet"]["models"] for c in m["cards"]}
ok = buses == ["0000:41:00.0", "0000:42:00.0"] and cards["0000:42:00.0"] > 2 * cards["0000:41:00.0"]
print("%s: devices %s, levels %s" % ("ok" if ok else "FAIL", buses, cards))
sys.exit(0 if ok else 1)
PY
  ;;
once) # run --once (a profiler's hand-off): each case's kernel exactly once, verified
  data=$(cd "$(dirname "${BASH_SOURCE[0]}")/../data/kernels" && pwd)
  cd "$out" || exit 2
  # A second launch of either kernel (a plain run's held-out size, its rounds) would fire.
  under enqueue=fail:2:reduce_onepass,enqueue=fail:2:off_by_n \
    run --once -k "reduce_onepass,$data/wrong.json" -t int -l 64 -n '2^14' -q
  want_rc 1 # off_by_n's one launch was verified: wrong
  fired enqueue=fail:2:reduce_onepass 0
  fired enqueue=fail:2:off_by_n 0
  says "^ok +reduce_onepass/int/flat/n=16384/local=64$"
  says "^WRONG +off_by_n/int/flat/n=16384/local=64: expected "
  says "^run --once: 2 of 2 case\\(s\\) launched once and verified, 1 WRONG; nothing timed, no profile"
  [[ ! -e out ]] || fail "run --once wrote into out/"
  ;;
cpu_taken) # another process seems to hold every CPU (#71): every round reads as disturbed, so
  # no extra round could count and none is added ("round 3/3 + 5 extra" before); the lines under
  # the tables and the warnings say one thing; the run announces its estimate as it starts
  rm -f "$json"
  under cpu=taken run -k reduce2 -t float -l 64 -n '2^16' --runs 1 --no-peak --rounds 3 \
    --extra-rounds 5 --min-samples 100 -o "$json"
  want_rc 0
  fired cpu=taken '[0-9]+'
  says "^estimated wall time: about [0-9]+ s \(as --dry-run computes it"
  profile 'c["status"] == "ok"' 'len(rounds) == 3' \
    'all(r["cpu_wait"] > 0.1 and r["other_cpu"] > 0.5 for r in rounds)'
  never_says "extra \("
  says "compare judges none: 0 undisturbed"
  never_says "judges them by their rounds all the same"
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
  under stamps=slow:2 platforms
  want_rc 99
  says "stamps=slow takes slow:F:KERNEL"
  under cpu=busy platforms
  want_rc 99
  says "cpu= takes taken"

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
