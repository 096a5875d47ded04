#!/usr/bin/env bash
# ci-gate.sh's duet mode end to end on PoCL: a git repository whose kernel changed since its
# last commit; the gate takes the committed revision from git, times it beside the work tree's
# in one invocation (run --duet) and judges the duet. What is pinned is structure, never
# timing: the duet profile pairs the base revision's kernel with the new one (two sources, two
# A/A controls), and the gate ends with one of its verdict lines and codes (PASS 0 under a
# results-only policy, or UNDECIDED 8 / BIASED 9, which a loaded runner may give).
# With --binary and no --output the profile lands in the caller's folder (the repository here),
# not in the gate's own checkout (its build-ci/ is left as it was). Then --mode duet with built-in kernels is a usage error
# naming what it needs.
# Usage: duet_mode_test.sh GPU_REDUCE_PROF CI_GATE SOURCE_EXAMPLE_DIR WORK_DIR
set -euo pipefail
bin=$1 gate=$2 example=$3 work=$4
rm -rf "$work"
mkdir -p "$work/repo/k"
cp "$example/block_sum.cl" "$example/block_sum.json" "$work/repo/k/"
git -C "$work/repo" init -q
git -C "$work/repo" -c user.name=ci -c user.email=ci@localhost add k
git -C "$work/repo" -c user.name=ci -c user.email=ci@localhost commit -qm base
# The candidate: the same kernel with one more add per element (a real change of source).
sed -i 's/acc += in\[i\];/acc += in[i]; acc += 0.0f * in[i];/' "$work/repo/k/block_sum.cl"
if git -C "$work/repo" diff --quiet; then
  echo "duet_mode_test: the candidate edit did not apply to block_sum.cl" >&2
  exit 1
fi
own=$(cd "$(dirname "$gate")/../.." && pwd)/build-ci/ci-duet.json
before=$(stat -c %Y "$own" 2>/dev/null || echo none)
rc=0
out=$(cd "$work/repo" && "$gate" --binary "$bin" --kernels k/block_sum.json --base-ref HEAD \
  --fail-on wrong,missing --budget 4 2>&1) || rc=$?
printf '%s\n' "$out"
case $rc in
  0) grep -q "ci-gate: PASS (duet against HEAD)" <<<"$out" ;;
  8) grep -q "ci-gate: UNDECIDED" <<<"$out" ;;
  9) grep -q "ci-gate: BIASED" <<<"$out" ;;
  *) echo "duet_mode_test: the gate exited $rc" >&2; exit 1 ;;
esac
[[ $(stat -c %Y "$own" 2>/dev/null || echo none) == "$before" ]] || {
  echo "duet_mode_test: the gate wrote $own, in its own checkout" >&2
  exit 1
}
[[ -s $work/repo/ci-duet.json ]] || {
  echo "duet_mode_test: no ci-duet.json in the working folder $work/repo" >&2
  exit 1
}
python3 - "$work/repo/ci-duet.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
pairs = p["settings"]["duet"]["pairs"]
assert len(pairs) == 1 and pairs[0]["candidate"] == "block_sum", pairs
assert pairs[0]["base"] == "base:block_sum" and pairs[0]["control"], pairs
sha = {k["name"]: k["sha256"] for k in p["kernels"]}
assert sha["base:block_sum"] != sha["block_sum"], "the base revision's source was not used"
assert len(p["runs"]) >= 3, "a duet is 3 processes"
print("duet_mode_test: duet of", sorted(sha))
PY
rc=0
out=$("$gate" --binary "$bin" --mode duet --kernels reduce6 2>&1) || rc=$?
[[ $rc -eq 2 ]] && grep -q "needs one spec file in --kernels that git tracks" <<<"$out" || {
  echo "duet_mode_test: --mode duet with a built-in kernel: exit $rc: $out" >&2
  exit 1
}
echo "duet_mode_test: ok"
