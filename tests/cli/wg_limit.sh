#!/usr/bin/env bash
# run --wg-limit on PoCL with the kernel's CL_KERNEL_WORK_GROUP_SIZE forced to 32 below the
# device's limit (GRP_TEST_KERNEL_WG_LIMIT, as NVIDIA reports 256 for kernels it runs at 1024):
# - device (the default): reduce3 at 64 and 128 is launched above that limit, verified and
#   marked; sum_reqd64 (reqd_work_group_size(64)) runs at 64, and at 128 the driver refuses
#   the launch, which becomes a skip carrying the OpenCL error. Exit 0.
# - kernel: every size above 32 is skipped with the kernel query as the reason.
# Usage: wg_limit.sh GPU_REDUCE_PROF OUTDIR KERNEL_DATA_DIR
set -u
bin=$1; out=$2; kdata=$3
mkdir -p "$out"
export GRP_TEST_KERNEL_WG_LIMIT=32
quick=(--runs 1 --min-samples 3 --max-time 0 --no-peak --host-repeats 1 -q --force)
fail() { echo "FAIL: $*"; exit 1; }

log=$("$bin" run -k "reduce3,$kdata/reqd64.json" -t int -l 64,128 -n 10007 "${quick[@]}" \
  -o "$out/device.json" 2>&1); rc=$?
printf '%s\n' "$log"
[[ $rc == 0 ]] || fail "--wg-limit device exited $rc, expected 0"
grep -Eq "reduce3 +[0-9.]+ [mu]?s\^\*?\*? +[0-9.]+ [mu]?s\^" <<<"$log" ||
  fail "reduce3 is not shown verified and marked ^ at 64 and 128"
grep -Eq "launch \(1 cell\): above the kernel's reported CL_KERNEL_WORK_GROUP_SIZE 32, and the launch failed: .*CL_INVALID_WORK_GROUP_SIZE" <<<"$log" ||
  fail "the refused launch is not a skip with the OpenCL error"
python3 - "$out/device.json" <<'PY' || exit 1
import json, sys
p = json.load(open(sys.argv[1]))
cases = {(c["key"]["kernel"], c["key"]["local_size"]): c for c in p["cases"]}
bad = []
for local in (64, 128):
    c = cases[("reduce3", local)]
    if c["status"] != "ok" or c["extra"].get("above_kernel_wg_limit") != 32 or not c["rounds"]:
        bad.append(f"reduce3@{local}: {c['status']} {c['extra']}")
    if c["result"] != c["reference"]:
        bad.append(f"reduce3@{local}: {c['result']} != {c['reference']}")
ok = cases[("sum_reqd64", 64)]
if ok["status"] != "ok" or ok["extra"].get("above_kernel_wg_limit") != 32:
    bad.append(f"sum_reqd64@64: {ok['status']}")
refused = cases[("sum_reqd64", 128)]
if refused["status"] != "skipped" or "CL_INVALID_WORK_GROUP_SIZE" not in refused["reason"]:
    bad.append(f"sum_reqd64@128: {refused['status']}: {refused['reason']}")
if p["settings"]["wg_limit"] != "device":
    bad.append("settings.wg_limit is not device")
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
"$bin" validate "$out/device.json" || fail "the profile does not validate"

log=$("$bin" run -k reduce3 -t int -l 32,64,128 -n 10007 --wg-limit kernel "${quick[@]}" \
  -o "$out/kernel.json" 2>&1); rc=$?
printf '%s\n' "$log"
[[ $rc == 0 ]] || fail "--wg-limit kernel exited $rc, expected 0"
grep -Eq "reduce3 +[0-9.]+ [mu]?s\*\* +wg>kernel +wg>kernel" <<<"$log" ||
  fail "--wg-limit kernel did not run 32 and skip 64 and 128"
grep -q "wg>kernel (2 cells): local size over CL_KERNEL_WORK_GROUP_SIZE 32 (--wg-limit kernel)" \
  <<<"$log" || fail "the skip reason does not name the kernel query"
echo "ok: --wg-limit device launches above the kernel's limit, kernel trusts it"
