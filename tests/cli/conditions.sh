#!/usr/bin/env bash
# Device conditions (issue #66) on PoCL with a fabricated sysfs/procfs (GRP_CONDITIONS_ROOT):
# the profile records every fact (a value, or null with a reason) and the key, it validates,
# platforms --json and check's profile (Oclgrind) carry them too; compare refuses to gate
# timing across an edited key fact (exit 8, the fact named), gates it with --conditions any,
# ignores a fact outside the key, and only says so against a profile without conditions.
# Usage: conditions.sh BIN
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
root=$tmp/root
put() { mkdir -p "$(dirname "$root/$1")"; printf '%s\n' "$2" >"$root/$1"; }
put sys/devices/system/cpu/cpu0/cpufreq/scaling_governor performance
put sys/devices/system/cpu/intel_pstate/no_turbo 0
put sys/kernel/mm/transparent_hugepage/enabled "always [madvise] never"
put sys/devices/system/cpu/smt/active 1
put proc/sys/kernel/osrelease 6.8.0-test
export GRP_CONDITIONS_ROOT=$root
quick=(-k reduce3 -t float -n 2^12 -l 64 --rounds 3 --extra-rounds 0 --min-samples 3 --no-peak
       --sensors off --settle 0 -q --force)
"$bin" run "${quick[@]}" -o "$tmp/a.json" >"$tmp/run.txt" 2>&1 || fail "run: $(cat "$tmp/run.txt")"
"$bin" validate "$tmp/a.json" >/dev/null || fail "validate a.json"
"$bin" platforms --json >"$tmp/platforms.json" || fail "platforms --json"
python3 - "$tmp" <<'PY' || exit 1
import json, sys
d = sys.argv[1]
c = json.load(open(f"{d}/a.json"))["devices"][0]["conditions"]
f = c["facts"]
assert f["governor"] == "performance" and f["boost"] == "on", f
assert f["transparent_hugepages"] == "madvise" and f["smt_active"] is True, f
assert f["kernel_release"] == "6.8.0-test", f
assert f["power_limit_w"] is None and c["unknown"]["power_limit_w"].startswith("no NVML: not an NVIDIA GPU"), c
assert c["unknown"]["steal_pct"].startswith("/proc/stat"), c  # the fake root has no /proc/stat
assert all((v is None) == (k in c["unknown"]) for k, v in f.items()), c
assert c["key_facts"] == ["governor", "boost", "transparent_hugepages", "smt_active"], c
assert len(c["key"]) == 12, c
p = json.load(open(f"{d}/platforms.json"))[0]["conditions"]
assert p["key"] == c["key"] and p["facts"]["steal_pct"] is None, p
# b: the governor edited (its stored key left stale: readers recompute it); k: the kernel release
for name, fact, value in (("b", "governor", "powersave"), ("k", "kernel_release", "6.11.0")):
    q = json.load(open(f"{d}/a.json"))
    q["devices"][0]["conditions"]["facts"][fact] = value
    json.dump(q, open(f"{d}/{name}.json", "w"))
q = json.load(open(f"{d}/a.json"))
del q["devices"][0]["conditions"]
json.dump(q, open(f"{d}/old.json", "w"))
PY
rc=0
"$bin" compare "$tmp/a.json" "$tmp/b.json" --allow-one-run >"$tmp/b.txt" 2>&1 || rc=$?
[[ $rc == 8 ]] || fail "compare across the governor: exit $rc, not 8: $(cat "$tmp/b.txt")"
grep -q "NOT GATED: the device conditions differ (.*governor: performance -> powersave" "$tmp/b.txt" ||
  fail "the differing fact is not named: $(cat "$tmp/b.txt")"
# Gated means judged on timing: exit 0, or 8 only where the rounds themselves cannot tell (a and
# b hold the same 3 rounds, whose spread on a loaded VM can be wider than the threshold), and
# never the conditions' NOT GATED.
gated() { # LABEL FILE ARGS...: compare ARGS into FILE, judged on timing
  local label=$1 out=$2 rc=0
  shift 2
  "$bin" compare "$@" --allow-one-run >"$out" 2>&1 || rc=$?
  [[ $rc == 0 || $rc == 8 ]] || fail "$label: exit $rc: $(cat "$out")"
  ! grep -q "NOT GATED" "$out" || fail "$label: not gated: $(cat "$out")"
  grep -Eq "^reduce3/float/flat/n=4096/local=64 .* (same|inconclusive) " "$out" ||
    fail "$label: no timing verdict: $(cat "$out")"
}
gated "--conditions any" "$tmp/any.txt" "$tmp/a.json" "$tmp/b.json" --conditions any
grep -q "conditions differ (.*governor: performance -> powersave): --conditions any gates timing" \
  "$tmp/any.txt" || fail "--conditions any does not say it gates: $(cat "$tmp/any.txt")"
gated "a fact outside the key" "$tmp/k.txt" "$tmp/a.json" "$tmp/k.json"
gated "an old profile" "$tmp/old.txt" "$tmp/old.json" "$tmp/a.json"
grep -q "records no device conditions (written before schema 2.17)" "$tmp/old.txt" ||
  fail "the old profile is not named: $(cat "$tmp/old.txt")"
"$bin" compare "$tmp/a.json" "$tmp/b.json" --allow-one-run --json >"$tmp/b.json.txt" 2>/dev/null || true
python3 - "$tmp/b.json.txt" <<'PY' || exit 1
import json, sys
j = json.load(open(sys.argv[1]))
c = j["comparisons"][0] if "comparisons" in j else j
assert c["conditions_not_gated"] and c["cases"][0]["conditions_differ"], c
assert "governor: performance -> powersave" in c["conditions"][0], c["conditions"]
PY
echo "ok"
