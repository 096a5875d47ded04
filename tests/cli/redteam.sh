#!/usr/bin/env bash
# The red team (tests/data/redteam): a kernel that tries to look fast without doing the work must
# never end `ok` while it is faster than its honest twin (the same shape doing the full work).
# One run measures the kernel and its twin side by side (a spec of the two, made from
# redteam.json); the profile, not the console, decides:
#   caught   the kernel ended `wrong` or `implausible`, or it is `ok` but not faster than the twin:
#            faster means both its median and its fastest launch below RT_FASTER (0.8 by default)
#            x the twin's (the twin and the kernel are timed at different moments of each round:
#            on a shared 2-core CI runner one noisy figure must not make an honest kernel a
#            cheat; every escape found so far was 2x or more);
#   caught   for rt_race_tail, also: `gpu-reduce-prof check` reports it `unsafe` (a race the
#            device hid);
#   ESCAPED  `ok` and faster than the twin: exit 1.
# The twin itself must end `ok` (else nothing was compared: exit 1), and any other status of the
# kernel (failed, skipped) or exit code of run (a crash, a build error) fails the test too.
# Usage: redteam.sh BIN REDTEAM-DIR KERNEL [N] [LOCAL]   (N default 2^18, LOCAL default 64)
# Prints one line: "redteam KERNEL: caught|ESCAPED: ..." with both medians and the ratio.
set -u
# Under the sanitizer build these runs launch kernels on PoCL, whose threads can crash
# LeakSanitizer's tracer at exit (google/sanitizers#1353): leaks are the unit tests' job.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
bin=$1 dir=$2 kernel=$3 n=${4:-2^18} local=${5:-64}
faster=${RT_FASTER:-0.8}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

case $kernel in
  rt_sniff_deep) twin=rt_honest_deep ;;               # the same 2-group grid
  rt_memo_keyed | rt_memo_unkeyed) twin=rt_honest_cl20 ;; # the same source and -cl-std=CL2.0
  *) twin=rt_honest ;;
esac

# spec OUT NAME...: a spec of the named kernels of redteam.json, sources as absolute paths.
spec() {
  python3 - "$dir/redteam.json" "$@" <<'PY'
import json, os, sys
src, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
doc = json.load(open(src))
here = os.path.dirname(os.path.abspath(src))
by_name = {k["name"]: k for k in doc["kernels"]}
missing = [n for n in names if n not in by_name]
if missing:
    sys.exit("redteam.json has no kernel %s" % ", ".join(missing))
kernels = []
for n in names:
    k = dict(by_name[n])
    k["source"] = os.path.join(here, k.get("source", doc["source"]))
    kernels.append(k)
json.dump({"spec_version": doc.get("spec_version", 1), "defaults": doc.get("defaults", {}),
           "kernels": kernels}, open(out, "w"), indent=1)
PY
}
spec "$tmp/pair.json" "$twin" "$kernel" || fail "no spec for $kernel and $twin"

rc=0
"$bin" run -k "$tmp/pair.json" -t float -l "$local" -n "$n" --runs 1 --rounds 5 --round-spacing 0 \
  --min-samples 3 --max-time 0 --no-peak -q -o "$tmp/run.json" >"$tmp/run.txt" 2>&1 || rc=$?
# 0: every case ok; 1: a case wrong (or another failure the profile names).
[[ $rc == 0 || $rc == 1 ]] || fail "run of $kernel and $twin exited $rc: $(tail -20 "$tmp/run.txt")"
[[ -s $tmp/run.json ]] || fail "run wrote no profile (exit $rc): $(tail -20 "$tmp/run.txt")"

# The racy kernel: what check says, beside the run.
check_status=none
if [[ $kernel == rt_race_tail ]]; then
  spec "$tmp/one.json" "$kernel" || fail "no spec for $kernel"
  crc=0
  "$bin" check -k "$tmp/one.json" -t float -l "$local" -q -o "$tmp/check.json" \
    >"$tmp/check.txt" 2>&1 || crc=$?
  [[ $crc == 0 || $crc == 1 ]] || fail "check of $kernel exited $crc: $(tail -20 "$tmp/check.txt")"
  check_status=$(python3 -c '
import json, sys
s = {c["status"] for c in json.load(open(sys.argv[1]))["cases"]}
print("unsafe" if "unsafe" in s else ",".join(sorted(s)))' "$tmp/check.json") ||
    fail "check profile unreadable"
fi

python3 - "$tmp/run.json" "$kernel" "$twin" "$faster" "$check_status" <<'PY'
import json, sys
path, kernel, twin, faster, check_status = sys.argv[1:6]
faster = float(faster)
cases = json.load(open(path))["cases"]

def case_of(name):
    found = [c for c in cases if c["key"]["kernel"] == name]
    if len(found) != 1:
        sys.exit("FAIL: %d cases of %s in the profile" % (len(found), name))
    return found[0]

def ms(c, field="median_ns"):  # a summary figure in ms, None when untimed
    s = c.get("summary") or {}
    m = s.get(field)
    return None if m is None else m / 1e6

k, t = case_of(kernel), case_of(twin)
km, tm = ms(k), ms(t)
reason = (k.get("reason") or "").replace("\n", " ")
head = "redteam %s (n=%d, local %d): %s, median %s; twin %s, median %s" % (
    kernel, k["key"]["n"], k["key"]["local_size"], k["status"],
    "%.4g ms" % km if km is not None else "untimed", t["status"],
    "%.4g ms" % tm if tm is not None else "untimed")
if t["status"] != "ok" or tm is None:
    sys.exit("FAIL: %s: the honest twin is not ok and timed: %s" % (head, t.get("reason")))
if k["status"] in ("wrong", "implausible"):
    print("%s: caught: %s: %s" % (head, k["status"], reason))
    sys.exit(0)
if k["status"] != "ok" or km is None:
    sys.exit("FAIL: %s: neither caught nor ok and timed: %s" % (head, reason))
ratio = km / tm
kmin, tmin = ms(k, "min_ns"), ms(t, "min_ns")
min_ratio = kmin / tmin if kmin is not None and tmin else ratio
head += ", fastest launch %.2fx the twin's" % min_ratio
if check_status == "unsafe":
    print("%s, median %.2fx the twin's: caught: unsafe under check" % (head, ratio))
    sys.exit(0)
if ratio >= faster or min_ratio >= faster:
    print("%s: caught: ok but not faster (median %.2fx the twin's, threshold %.2f)%s"
          % (head, ratio, faster, "" if check_status == "none" else "; check: " + check_status))
    sys.exit(0)
print("FAIL: %s: ESCAPED: ok and %.2fx faster than its honest twin (median %.2fx its time)%s"
      % (head, 1 / ratio, ratio, "" if check_status == "none" else "; check: " + check_status))
sys.exit(1)
PY
