#!/usr/bin/env bash
# A CPU's default n comes from its measured read knee and is kept per machine (#47): the first
# run measures and says so, the cache file holds the choice, a later --dry-run plans it; a faked
# entry (another VM class) is planned as given; a corrupt file is measured again, never fatal;
# GRP_SIZE_CACHE=off plans the 128 MiB floor whatever the driver reports. Usage: BIN WORK-DIR
set -u
bin=$1; work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
export GRP_SIZE_CACHE=$work/size.json
one=(-k reduce_chunk -l 1 --rounds 1 --min-samples 2 --max-time 0 --no-peak -o a.json --force)
out=$("$bin" run "${one[@]}" 2>&1) || fail "first run: exit $?: $out"
grep -q "default n: .* of input, measured now: .*read 4.00 MiB [0-9.]*, 8.00 MiB" <<<"$out" ||
  fail "the first run does not say what it measured: $out"
python3 - <<'PY' || fail "the cache and the profile disagree"
import json
c = json.load(open("size.json"))
(entry,) = c["devices"].values()
assert 16 << 20 <= entry["bytes"] <= 256 << 20, entry
(case,) = json.load(open("a.json"))["cases"]
assert case["key"]["n"] * 4 == entry["bytes"], (case["key"]["n"], entry)
entry["bytes"] = 32 << 20  # another VM class's knee
json.dump(c, open("size.json", "w"))
PY
out=$("$bin" run --dry-run -k reduce_chunk -l 1 2>&1) || fail "dry run: exit $?"
grep -q "default n: 32.00 MiB of input, as measured before: .*kept in $work/size.json" <<<"$out" &&
  grep -Eq "reduce_chunk +1 +0 +float +2\^23 " <<<"$out" || fail "the kept size is not planned: $out"
echo '{"version": 1, "devices": [' >size.json
out=$("$bin" run --dry-run -k reduce_chunk -l 1 2>&1) || fail "corrupt cache: exit $?: $out"
grep -q "default n: measured when the run starts" <<<"$out" || fail "corrupt cache trusted: $out"
out=$(GRP_SIZE_CACHE=off "$bin" run --dry-run -k reduce_chunk -l 1 2>&1) || fail "off: exit $?"
grep -Eq "assumes 128.00 MiB" <<<"$out" && grep -Eq " 2\^25 " <<<"$out" || fail "off: $out"
echo ok
