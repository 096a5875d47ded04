#!/usr/bin/env bash
# The script behind the gpu-reduce-prof GitHub Action (action.yml beside it), usable on its own:
# it needs only an installed gpu-reduce-prof (or $GPU_REDUCE_PROF) and python3, works in any
# directory, and takes the baseline as profile paths, so it runs the same way without GitHub.
#
#   gate.sh --kernels my.json [--kernels other.json] [--baseline B.json]... [options] [-- RUN-ARGS]
#
# 1. runs the sweep (`gpu-reduce-prof run -k SPEC... RUN-ARGS`) into OUT/candidate.json, or
#    with --duet-base BASE_SPEC a duet (`run -k SPEC --duet BASE_SPEC`: the base revision's
#    kernels timed beside yours in one invocation, with two A/A controls; load cancels, so
#    this is the mode for shared and CPU runners) into OUT/duet.json, judged alone (step 3
#    then needs no baseline),
# 2. with --make-baseline: runs it --runs times (default 3) and merges them into
#    OUT/baseline.json, then stops (the base branch's job does this);
# 3. else, with baselines: merges several into OUT/baseline.json (each may itself be merged),
#    compares with compare's default policy (slower, wrong and unmeasured fail; --fail-on and
#    --threshold as in compare), writes the markdown to OUT/summary.md (and compare's JSON to
#    OUT/compare.json, for ../check-run.py) and appends it to
#    $GITHUB_STEP_SUMMARY when that is set; without a baseline it summarises the run only and
#    fails on a wrong result;
# 4. writes the HTML report OUT/report.html (baseline and candidate, or the candidate alone),
# 5. with --benchmark-json FILE: github-action-benchmark's customSmallerIsBetter JSON, one entry
#    per timed case (median time in microseconds; range p5-p95; extra GB/s and status).
#
# Options:
#   -k, --kernels SPEC     a kernel spec (JSON) or built-in kernel names; repeatable (required)
#   -b, --baseline FILE    a baseline profile (a run or a merged baseline); repeatable
#   --duet-base SPEC       the base revision's spec (e.g. from `git worktree add`): a duet
#   -o, --out DIR          where everything is written (default gpu-reduce-prof-out)
#   --runs N               sweeps merged into a baseline with --make-baseline (default 3;
#                          each is one `run --gate`, itself 3 processes)
#   --make-baseline        measure the baseline instead of gating (OUT/baseline.json)
#   --fail-on LIST         what fails (default compare's: slower,wrong,unmeasured)
#   --threshold PCT        the smallest change that matters (default 5)
#   --benchmark-json FILE  also write github-action-benchmark's customSmallerIsBetter JSON
#   -- RUN-ARGS            passed to `run` (default: -l 64,256 -n 2^20 -t float --seed 1)
# Environment: GPU_REDUCE_PROF (the binary; default gpu-reduce-prof on PATH).
# Exit: 0 pass, 1 regression or wrong result, 2 usage, 8 undecided (timing judged no case), 9 a
# duet's A/A control was not same (biased), else
# the tool's exit code (3 OpenCL, 4 kernel build, 5 bad profile, 7 nothing measured).
set -euo pipefail

bin=${GPU_REDUCE_PROF:-gpu-reduce-prof}
kernels=()
baselines=()
out=gpu-reduce-prof-out
runs=3
make_baseline=0
fail_on=""
threshold=5
bench_json=""
duet_base=""
# shellcheck disable=SC2054 # the commas belong to the option values
run_args=(-l 64,256 -n 2^20 -t float --seed 1)

die() { echo "gate: $*" >&2; exit 2; }
need() { [[ $# -ge 2 && -n $2 ]] || die "$1 needs a value"; }

while [[ $# -gt 0 ]]; do
  case $1 in
    -k|--kernels) need "$@"; kernels+=("$2"); shift 2 ;;
    -b|--baseline) need "$@"; baselines+=("$2"); shift 2 ;;
    -o|--out) need "$@"; out=$2; shift 2 ;;
    --runs) need "$@"; runs=$2; shift 2 ;;
    --make-baseline) make_baseline=1; shift ;;
    --fail-on) need "$@"; fail_on=$2; shift 2 ;;
    --threshold) need "$@"; threshold=$2; shift 2 ;;
    --benchmark-json) need "$@"; bench_json=$2; shift 2 ;;
    --duet-base) need "$@"; duet_base=$2; shift 2 ;;
    --) shift; [[ $# -gt 0 ]] && run_args=("$@"); break ;;
    -h|--help) sed -n '2,39p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
[[ ${#kernels[@]} -gt 0 ]] || die "give the kernels to run: --kernels SPEC.json (see --help)"
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs needs a positive count, got '$runs'"
command -v "$bin" >/dev/null || die "no gpu-reduce-prof at '$bin' (install it or set GPU_REDUCE_PROF)"
for b in "${baselines[@]}"; do [[ -f $b ]] || die "no baseline profile at '$b'"; done
if [[ -n $duet_base ]]; then
  [[ -f $duet_base ]] || die "no base spec at '$duet_base' (--duet-base)"
  [[ ${#baselines[@]} -eq 0 && $make_baseline -eq 0 ]] ||
    die "--duet-base judges the duet alone: give no --baseline or --make-baseline with it"
fi
mkdir -p "$out"

if [[ -n $duet_base ]]; then
  args=()
  for k in "${kernels[@]}"; do args+=(-k "$k"); done
  args+=(--duet "$duet_base" "${run_args[@]}" -q -o "$out/duet.json" --force)
  echo "+ gpu-reduce-prof run ${args[*]}"
  run_rc=0
  "$bin" run "${args[@]}" >/dev/null || run_rc=$?
  if [[ $run_rc -ne 0 && $run_rc -ne 1 ]]; then echo "gate: the duet failed (exit $run_rc)" >&2; exit "$run_rc"; fi
  policy=(--threshold "$threshold")
  [[ -n $fail_on ]] && policy+=(--fail-on "$fail_on")
  rc=0
  "$bin" compare "$out/duet.json" "${policy[@]}" || rc=$?
  "$bin" compare "$out/duet.json" "${policy[@]}" --markdown >"$out/summary.md" 2>/dev/null || true
  "$bin" compare "$out/duet.json" "${policy[@]}" --json >"$out/compare.json" 2>/dev/null || true
  "$bin" report "$out/duet.json" -o "$out/report.html" --force
  [[ -n ${GITHUB_STEP_SUMMARY:-} ]] && cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY"
  case $rc in
    0) echo "gate: PASS (duet against $duet_base); report: $out/report.html" ;;
    1) echo "gate: FAIL: see $out/summary.md and $out/report.html" >&2 ;;
    8) echo "gate: UNDECIDED: the duet decided no case (exit 8); see the plan in $out/summary.md" >&2 ;;
    9) echo "gate: BIASED: an A/A control of the duet was not same (exit 9); nothing is judged" >&2 ;;
    *) echo "gate: compare failed (exit $rc)" >&2 ;;
  esac
  exit "$rc"
fi

sweep() { # sweep OUTPUT: a run; a wrong result (exit 1) still writes a profile
  local args=()
  for k in "${kernels[@]}"; do args+=(-k "$k"); done
  args+=("${run_args[@]}" --gate -q -o "$1" --force)
  echo "+ gpu-reduce-prof run ${args[*]}"
  local rc=0
  "$bin" run "${args[@]}" >/dev/null || rc=$?
  if [[ $rc -ne 0 && $rc -ne 1 ]]; then echo "gate: the run failed (exit $rc)" >&2; exit "$rc"; fi
  return "$rc"
}

if [[ $make_baseline -eq 1 ]]; then
  files=()
  for i in $(seq 1 "$runs"); do
    sweep "$out/baseline-run$i.json" || true
    files+=("$out/baseline-run$i.json")
  done
  "$bin" merge "${files[@]}" -o "$out/baseline.json" --force
  echo "gate: wrote $out/baseline.json ($runs sweeps merged); keep it as the base branch's artifact or cache"
  exit 0
fi

run_rc=0
sweep "$out/candidate.json" || run_rc=$?

base=""
if [[ ${#baselines[@]} -gt 1 ]]; then
  base=$out/baseline.json
  "$bin" merge "${baselines[@]}" -o "$base" --force
elif [[ ${#baselines[@]} -eq 1 ]]; then
  base=${baselines[0]}
fi

rc=0
if [[ -n $base ]]; then
  policy=(--threshold "$threshold")
  [[ -n $fail_on ]] && policy+=(--fail-on "$fail_on")
  "$bin" compare "$base" "$out/candidate.json" "${policy[@]}" || rc=$?
  "$bin" compare "$base" "$out/candidate.json" "${policy[@]}" --markdown \
    >"$out/summary.md" 2>/dev/null || true
  "$bin" compare "$base" "$out/candidate.json" "${policy[@]}" --json \
    >"$out/compare.json" 2>/dev/null || true
  "$bin" report "$base" "$out/candidate.json" -o "$out/report.html" --force \
    --threshold "$threshold"
else
  echo "gate: no baseline given: the run is summarised, only a wrong result fails"
  "$bin" report "$out/candidate.json" -o "$out/report.html" --markdown "$out/summary.md" --force
  rc=$run_rc
fi
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY"
fi

if [[ -n $bench_json ]]; then
  python3 - "$out/candidate.json" "$bench_json" <<'PY'
import json, sys

def median(v):
    v = sorted(v)
    m = len(v) // 2
    return v[m] if len(v) % 2 else (v[m - 1] + v[m]) / 2

def pct(v, q):  # linear interpolation, as the profile's summaries
    v = sorted(v)
    pos = q * (len(v) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)

prof = json.load(open(sys.argv[1]))
entries = []
for c in prof["cases"]:
    samples = [s for r in c.get("rounds", []) for s in r.get("samples_ns", [])]
    if not samples:
        continue
    k = c["key"]
    name = "/".join(str(x) for x in (k["kernel"], k["type"], k.get("layout", "flat"),
                                     "n=%d" % k["n"], "local=%d" % k["local_size"]))
    if c.get("scenario"):
        name = c["scenario"] + ":" + name
    med = median(samples) / 1e3
    gbps = c.get("gbps")
    entries.append({"name": name, "unit": "us", "value": round(med, 4),
                    "range": "p5-p95 %.6g-%.6g" % (pct(samples, .05) / 1e3,
                                                   pct(samples, .95) / 1e3),
                    "extra": "%s; %s GB/s; %d samples" % (
                        c.get("status", "ok"), "%.3g" % gbps if gbps else "n/a", len(samples))})
json.dump(entries, open(sys.argv[2], "w"), indent=1)
print("gate: wrote %s (%d cases, customSmallerIsBetter)" % (sys.argv[2], len(entries)))
PY
fi

case $rc in
  0) echo "gate: PASS (fail on ${fail_on:-slower,wrong,unmeasured}); report: $out/report.html" ;;
  1) echo "gate: FAIL: see $out/summary.md and $out/report.html" >&2 ;;
  8) echo "gate: UNDECIDED: timing judged no case (exit 8); see $out/summary.md" >&2 ;;
  *) echo "gate: compare failed (exit $rc)" >&2 ;;
esac
exit "$rc"
