#!/usr/bin/env bash
# Output conventions, one check per call: formats.sh CHECK BIN DATA-DIR. Runs in a fresh temp
# folder; PoCL runs are tiny (n=4096, 2 rounds, no peak).
set -euo pipefail
check=$1 bin=$2 data=$3
cmp=$data/compare
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*"; exit 1; }
quick=(--runs 1 --rounds 2 --round-spacing 0 --min-samples 3 --max-time 0 --no-peak -q)
has_esc() { grep -q $'\033' "$1"; }
# A terminal for stdout and stderr (script(1), util-linux: always on Debian).
on_tty() { script -qec "$1" /dev/null; }

case $check in
run_output_dash_is_pure_json_and_csv_has_a_row_per_case)
  "$bin" run -k reduce3,reduce6 -l 32,64 -n 4096 -t int "${quick[@]}" -o - --csv p.csv >out.json 2>err.txt
  python3 - <<'PY' || fail "stdout is not the profile alone, or the CSV is not one row per case"
import csv, json
p = json.load(open("out.json"))
assert p["schema_version"] == "2.19.0", p["schema_version"]
h = p["host"]
for k in ("os", "os_release", "cpu_model", "cpu_cores", "memory_bytes", "env", "cpu_mhz",
          "cpu_max_mhz", "cpu_governor"):
    assert k in h, k
rows = list(csv.reader(open("p.csv")))
want = ("device,device_name,kernel,scenario,type,layout,n,local_size,op,params,status,median_ns,"
        "min_ns,mean_ns,stddev_ns,p5_ns,p95_ns,cv,samples,rounds,noisy,bytes,gbps,elements_per_s,"
        "pct_of_peak,reason,cache,screened,power_w,joules_per_launch,gbps_per_w").split(",")
assert rows[0] == want, rows[0]
assert len(rows) - 1 == len(p["cases"]) == 4, (len(rows), len(p["cases"]))
# Each round visits the cases in a seeded permutation, recorded: the first round of every case
# is one pass over all four, so their positions are 0..3 once each.
assert p["settings"]["round_order"] == "seeded permutation", p["settings"]
first = sorted(c["rounds"][0]["position"] for c in p["cases"])
assert first == [0, 1, 2, 3], first
assert all("position" in r for c in p["cases"] for r in c["rounds"])
# No --order-seed: one drawn for this invocation, recorded, exact in any JSON reader.
seed = p["settings"]["order_seed"]
assert isinstance(seed, int) and 0 <= seed < 2**53, seed
for r in rows[1:]:
    d = dict(zip(want, r))
    # 2 rounds or more: --extra-rounds replaces rounds another process disturbed
    assert d["status"] == "ok" and float(d["median_ns"]) > 0 and int(d["rounds"]) >= 2, d
PY
  grep -q "reduce3" err.txt || fail "the table did not go to stderr"
  grep -q "profile written to stdout" err.txt || fail "no 'written to stdout' on stderr"
  ;;
run_csv_dash_is_stdout)
  "$bin" run -k reduce3 -l 64 -n 4096 -t int,float "${quick[@]}" -o p.json --csv - >out.csv 2>err.txt
  head -1 out.csv | grep -q '^device,device_name,kernel,' || fail "stdout does not start with the header"
  [[ $(wc -l <out.csv) == 3 ]] || fail "expected a header and 2 rows: $(cat out.csv)"
  grep -q "reduce3" err.txt || fail "the table did not go to stderr"
  ;;
merge_output_dash_is_json)
  "$bin" merge "$cmp/runs/run1.json" "$cmp/runs/run2.json" -o - >out.json 2>err.txt
  python3 -c "import json; p = json.load(open('out.json')); assert len(p['runs']) == 2" ||
    fail "stdout is not the merged profile"
  grep -q "baseline written to stdout" err.txt || fail "$(cat err.txt)"
  ;;
report_output_dash_is_html)
  "$bin" report "$cmp/base.json" "$cmp/other_host.json" -o - >out.html 2>err.txt
  head -c 15 out.html | grep -qi '<!doctype html' || fail "stdout is not HTML"
  [[ ! -s err.txt ]] || fail "stderr not empty: $(cat err.txt)"
  grep -q "<h3>Context that differs</h3>" out.html || fail "no context table for two hosts"
  ;;
compare_csv_file_beside_the_table)
  rc=0; "$bin" compare "$cmp/base.json" "$cmp/slower10.json" --allow-one-run --csv c.csv >out.txt || rc=$?
  [[ $rc == 1 ]] || fail "exit $rc, expected 1 (slower)"
  grep -q "slower (fails)" out.txt || fail "the table is not on stdout"
  [[ $(wc -l <c.csv) == 7 ]] || fail "expected a header and 6 rows in c.csv"
  rc=0; "$bin" compare "$cmp/base.json" "$cmp/slower10.json" --csv c.csv >/dev/null 2>err.txt || rc=$?
  [[ $rc == 2 ]] && grep -q "exists" err.txt || fail "an existing CSV was replaced (exit $rc)"
  ;;
no_color_and_color_always)
  c="'$bin' compare '$cmp/base.json' '$cmp/wrong.json'"
  on_tty "$c" >tty.txt || true
  has_esc tty.txt || fail "no colour on a terminal (the control)"
  on_tty "NO_COLOR=1 $c" >nocolor.txt || true
  ! has_esc nocolor.txt || fail "NO_COLOR=1 still coloured"
  on_tty "$c --color never" >never.txt || true
  ! has_esc never.txt || fail "--color never still coloured"
  NO_COLOR=1 "$bin" compare "$cmp/base.json" "$cmp/wrong.json" --color always >always.txt || true
  has_esc always.txt || fail "--color always (piped, NO_COLOR set) gave no colour"
  ;;
run_color_always_and_no_color)
  on_tty "NO_COLOR=1 '$bin' run -k reduce3 -l 64 -n 4096 ${quick[*]} -o a.json" >nocolor.txt
  grep -q "reduce3" nocolor.txt || fail "no table: $(cat nocolor.txt)"
  ! has_esc nocolor.txt || fail "NO_COLOR=1 run still coloured"
  "$bin" run -k reduce3 -l 64 -n 4096 "${quick[@]}" -o b.json --color always >always.txt
  has_esc always.txt || fail "--color always gave no colour"
  ;;
run_describe_needs_no_opencl)
  mkdir vendors
  rc=0; OCL_ICD_VENDORS=$tmp/vendors "$bin" platforms >/dev/null 2>&1 || rc=$?
  [[ $rc == 3 ]] || fail "the control: platforms found OpenCL with no vendors (exit $rc)"
  OCL_ICD_VENDORS=$tmp/vendors "$bin" run --describe >out.txt 2>err.txt ||
    fail "run --describe failed: $(cat err.txt)"
  grep -q "Bytes = the input read once" out.txt || fail "no explanation"
  [[ ! -e out ]] || fail "--describe wrote a profile"
  ;;
*) fail "unknown check $check" ;;
esac
echo "ok: $check"
