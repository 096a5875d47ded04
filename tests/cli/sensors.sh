#!/usr/bin/env bash
# Sensors on the CPU device (PoCL) without hardware sensors: a fabricated sysfs tree
# (GRP_SENSOR_SYSFS) stands for a Linux CPU's cpufreq, RAPL and hwmon. The run records the
# sensors it found, every round carries its conditions (clock, temperature), the profile
# validates, platforms shows the sensors, compare's context lists the conditions, and
# --cells energy names its cells. With --sensors off, and on this machine's own /sys, the run
# works as before and says which sensors it lacked.
# Usage: sensors.sh BIN
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
sys=$tmp/sys
put() { mkdir -p "$(dirname "$sys/$1")"; echo "$2" >"$sys/$1"; }
put devices/system/cpu/cpu0/cpufreq/scaling_cur_freq 2400000
put devices/system/cpu/cpu1/cpufreq/scaling_cur_freq 2600000
put devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq 3500000
put class/powercap/intel-rapl:0/energy_uj 1000
put class/powercap/intel-rapl:0/max_energy_range_uj 262143328850
put class/hwmon/hwmon0/name coretemp
put class/hwmon/hwmon0/temp1_input 55000
quick=(-k reduce3 -t float -n 2^14 --runs 1 --rounds 3 --extra-rounds 0 --min-samples 3
       --no-peak -q --force)
GRP_SENSOR_SYSFS=$sys "$bin" run "${quick[@]}" -l 64,128 --cells energy -o "$tmp/fake.json" >"$tmp/fake.txt" 2>&1 ||
  fail "run with a fabricated sysfs: $(cat "$tmp/fake.txt")"
grep -q "energy per launch" "$tmp/fake.txt" || fail "--cells energy: $(cat "$tmp/fake.txt")"
"$bin" run "${quick[@]}" -l 64 --sensors off -o "$tmp/off.json" >"$tmp/off.txt" 2>&1 || fail "--sensors off"
"$bin" run "${quick[@]}" -l 64 -o "$tmp/own.json" >"$tmp/own.txt" 2>&1 || fail "own /sys: $(cat "$tmp/own.txt")"
for f in fake off own; do
  "$bin" validate "$tmp/$f.json" >/dev/null || fail "validate $f.json"
done
python3 - "$tmp" <<'PY' || exit 1
import json, sys
d = sys.argv[1]
fake, off, own = (json.load(open(f"{d}/{n}.json")) for n in ("fake", "off", "own"))
s = fake["devices"][0]["sensors"]
assert s["backend"] == "linux" and s["found"] == ["clock", "energy", "temperature"], s
assert s["settle"].startswith("none: a CPU's clock"), s["settle"]
rounds = [r for c in fake["cases"] for r in c["rounds"]]
assert rounds and all(r["conditions"]["clock_mhz_max"] == 2500 for r in rounds), rounds[0]
assert all(r["conditions"]["temperature_c"] == 55 and r["conditions"]["unsteady"] == ""
           for r in rounds)
assert fake["settings"]["sensors"] == "on"
o = off["devices"][0]["sensors"]
assert o["backend"] == "none" and o["lacking"] == ["every sensor: switched off (--sensors off)"], o
assert all("conditions" not in r for c in off["cases"] for r in c["rounds"])
assert all("energy" not in c for c in off["cases"])
m = own["devices"][0]["sensors"]
assert m["backend"] in ("linux", "none"), m
assert m["backend"] == "linux" or m["lacking"], "no sensor and no reason: %s" % m
PY
GRP_SENSOR_SYSFS=$sys "$bin" platforms >"$tmp/platforms.txt" 2>&1 || fail platforms
grep -Eq "sensors +linux: clock, energy, temperature" "$tmp/platforms.txt" ||
  fail "platforms: $(cat "$tmp/platforms.txt")"
"$bin" compare "$tmp/fake.json" "$tmp/off.json" --fail-on none >"$tmp/compare.txt" 2>&1 ||
  fail "compare: $(cat "$tmp/compare.txt")"
grep -Eq "device clock +2500 MHz +not recorded" "$tmp/compare.txt" ||
  fail "compare's context: $(cat "$tmp/compare.txt")"
echo ok
