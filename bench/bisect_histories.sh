#!/usr/bin/env bash
# Synthetic kernel histories for `bisect` (docs/bisect.md), against a plain `git bisect run`
# with a fixed-threshold predicate on the same histories. Each trial builds a repository of
# COMMITS commits after a good one; the kernel is bench/gate/gridstride_slow.cl (a grid-stride
# float sum) whose spec reads EXTRA % of its input a second time from a random commit on: 10 or
# 25 (really more loads), or never (0: an A/A history, nothing changes but a notes file).
#   tool:      gpu-reduce-prof bisect --good c0 --bad cN -k kernels/gs.json SWEEP  (alpha 0.05)
#   threshold: the bad end checked first, then git bisect run; each commit measured by one
#              `run` invocation (one process), bad when its median is THRESHOLD % above the
#              good commit's (measured once, at the start), as the usual scripts do.
# A trial is right when it names the commit of the step (A/A: when it names none). Per line of
# OUT/bisect_histories.txt: kind, trial, true step, method, outcome, commit named, right, duets
# or runs, seconds; bench/bisect_histories.py sums them per kind and method.
#   bench/bisect_histories.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: OUT (default ./bisect-histories), TRIALS (per kind, 3), KINDS ("25 10 0"),
# COMMITS (64), SEED (1), THRESHOLD (10), SWEEP (default "-l 64 -n 2^18 -t float": on PoCL at
# 2^20 and local 64 the kernel's time hardly follows its loads, a +25 % copy read +3..5 %; at
# 2^18 +23..27 %; on a GPU e.g. "-l 256 -n 2^24 -t float"), BISECT_ARGS (extra bisect options,
# e.g. "--budget 12"), METHODS ("tool threshold"; "tool" alone leaves the baseline out of a long
# series).
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(realpath -m "${OUT:-bisect-histories}")
trials=${TRIALS:-3} commits=${COMMITS:-64} seed=${SEED:-1} threshold=${THRESHOLD:-10}
read -r -a kinds <<<"${KINDS:-25 10 0}"
read -r -a sweep <<<"${SWEEP:--l 64 -n 2^18 -t float}"
read -r -a bargs <<<"${BISECT_ARGS:-}"
methods=" ${METHODS:-tool threshold} "
g() { ${wrap:+"$wrap"} "$bin" "$@"; }
mkdir -p "$out"
log=$out/bisect_histories.txt
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.invalid
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.invalid
{
  echo "# $(date -u +%FT%TZ) $(uname -n) $(nproc) CPUs; $(g platforms 2>/dev/null | grep -m1 -i 'device 0' || true)"
  echo "# commits $commits, kinds ${kinds[*]}, trials $trials, seed $seed, threshold $threshold %, sweep ${sweep[*]}, bisect ${bargs[*]}"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >>"$log"

make_history() { # DIR STEP EXTRA: c0..cN, EXTRA from commit STEP on (STEP 0: never)
  local dir=$1 step=$2 extra=$3 i e
  rm -rf "$dir" && mkdir -p "$dir/kernels"
  git -C "$dir" init -q
  cp "$root/bench/gate/gridstride_slow.cl" "$dir/kernels/"
  for i in $(seq 0 "$commits"); do
    e=0
    [[ $step -gt 0 && $i -ge $step ]] && e=$extra
    printf '{"spec_version": 1, "source": "gridstride_slow.cl", "kernels": [{"name": "gs",
 "entry": "gridstride_slow", "args": ["input", "output", "n", "local"], "build_options": "-D EXTRA=%s",
 "grid": {"elems_per_item": 1, "max_groups": "8*cu"}, "local_size": {"pow2": true, "max": 1024},
 "local_mem": {"elems_per_item": 1}, "types": ["float"], "finish": "passes"}]}\n' "$e" \
      >"$dir/kernels/gs.json"
    echo "$i" >"$dir/notes.txt"
    git -C "$dir" add -A && git -C "$dir" commit -q -m "commit $i" && git -C "$dir" tag "c$i"
  done
}

median_ns() { # PROFILE: the median of the candidate's case (one case)
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["cases"][0]["summary"]["median_ns"])' "$1"
}

threshold_bisect() { # DIR: prints "outcome commit runs"
  local dir=$1 runs=2
  git -C "$dir" checkout -q c0
  g run -k "$dir/kernels/gs.json" "${sweep[@]}" -q --force -o "$dir/ref.json" >/dev/null 2>&1
  git -C "$dir" checkout -q "c$commits"
  cat >"$dir/pred.sh" <<PRED
#!/usr/bin/env bash
set -e
${wrap:+"$wrap"} "$bin" run -k "$dir/kernels/gs.json" ${sweep[*]} -q --force -o "$dir/m.json" >/dev/null 2>&1 || exit 125
echo x >>"$dir/runs"
python3 -c 'import json,sys
m=json.load(open(sys.argv[1]))["cases"][0]["summary"]["median_ns"]
r=json.load(open(sys.argv[2]))["cases"][0]["summary"]["median_ns"]
sys.exit(1 if m > r * (1 + float(sys.argv[3]) / 100) else 0)' "$dir/m.json" "$dir/ref.json" "$threshold"
PRED
  chmod +x "$dir/pred.sh"
  : >"$dir/runs"
  if "$dir/pred.sh"; then
    echo "not-slower - $((runs))"
    return
  fi
  git -C "$dir" bisect start "c$commits" c0 >/dev/null
  git -C "$dir" bisect run "$dir/pred.sh" >"$dir/bisect-run.txt" 2>&1 || true
  local named
  named=$(sed -n 's/^\([0-9a-f]\{40\}\) is the first bad commit.*/\1/p' "$dir/bisect-run.txt")
  git -C "$dir" bisect reset -q >/dev/null 2>&1 || true
  echo "${named:+culprit} ${named:--} $(($(wc -l <"$dir/runs") + 1))"
}

rng=$seed
for kind in "${kinds[@]}"; do
  for t in $(seq 1 "$trials"); do
    rng=$(((rng * 1103515245 + 12345) % 2147483648))
    step=$((kind == 0 ? 0 : 1 + rng % commits))
    dir=$out/repo-$kind-$t
    make_history "$dir" "$step" "$kind"
    truth=$([[ $step -gt 0 ]] && git -C "$dir" rev-parse "c$step" || echo -)
    if [[ $methods == *" tool "* ]]; then
      t0=$(date +%s)
      rc=0
      g bisect --good c0 --bad "c$commits" -k kernels/gs.json --repo "$dir" "${sweep[@]}" \
        --state "$dir/state" -q --json "${bargs[@]}" >"$dir/bisect.json" 2>"$dir/bisect.err" || rc=$?
      read -r outcome named duets < <(python3 -c 'import json,sys
j=json.load(open(sys.argv[1]))
print(j["outcome"], j["first_bad"] if j["outcome"] == "culprit" else "-", j["duets"])' \
        "$dir/bisect.json" 2>/dev/null || echo "error - 0")
      right=$([[ $named == "$truth" ]] && echo 1 || echo 0)
      echo "$kind $t $truth tool $outcome $named $right $duets $(($(date +%s) - t0)) rc=$rc" >>"$log"
    fi
    if [[ $methods == *" threshold "* ]]; then
      t0=$(date +%s)
      read -r outcome named runs < <(threshold_bisect "$dir")
      right=$([[ $named == "$truth" ]] && echo 1 || echo 0)
      echo "$kind $t $truth threshold $outcome $named $right $runs $(($(date +%s) - t0))" >>"$log"
    fi
    rm -rf "$dir/state/trees"
  done
done
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$log"
python3 "$root/bench/bisect_histories.py" "$log"
