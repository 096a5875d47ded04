#!/usr/bin/env bash
# #49 on a 2-GPU host: one tuned sweep on one card, then sharded over both cards (a process per
# card, in parallel), merged: wall time, winner and tie set, each card's level from the anchors;
# then the same with card 2 slowed by 5 % (its process's event stamps stretched by the fault
# layer, F = 1.05 on every kernel of the sweep) and with a real competing load on card 2 (CUB
# reductions in a loop, CUDA_VISIBLE_DEVICES=1). Writes into $OUT (default .).
#   bench/shard_fleet.sh [DIR-WITH-BINARY]   (DIR as for bench/h100.sh, plus libgrp_fault_inject.so)
set -u
bin_dir=$(cd "${1:-.device}" && pwd)
out=${OUT:-.}
here=$(cd "$(dirname "$0")" && pwd)
g="$bin_dir/nvidia-opencl.sh $bin_dir/gpu-reduce-prof"
sweep=(-k reduce6,reduce_vec4,reduce_onepass -t float -n 2^22,2^24,2^26,2^28 -l 64,128,256,512,1024 -q)
secs() { python3 -c "print(round($EPOCHREALTIME - $1, 2))"; }
echo "# $(date -u +%FT%TZ) $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg)"
nvidia-smi -L
start=$EPOCHREALTIME
$g run -d 0 "${sweep[@]}" -o "$out/one.json" --force > "$out/one.txt" 2>&1
echo "one card: exit $? in $(secs "$start") s"
pair() { # NAME [ENV for card 2's process...]
  local name=$1
  shift
  local s=$EPOCHREALTIME
  $g run -d 0 "${sweep[@]}" --shard 1/2 -o "$out/$name-1.json" --force > "$out/$name-1.txt" 2>&1 &
  env "$@" $g run -d 1 "${sweep[@]}" --shard 2/2 -o "$out/$name-2.json" --force > "$out/$name-2.txt" 2>&1
  wait
  echo "$name: 2 shards on 2 cards in $(secs "$s") s"
  $g merge "$out/$name-1.json" "$out/$name-2.json" -o "$out/$name.json" --force 2>&1 | tail -2
}
pair fleet
slow=""
for k in reduce6 reduce_vec4 reduce_onepass; do slow+="${slow:+,}stamps=slow:1.05:$k"; done
pair slowed GRP_FAULT="$slow" LD_PRELOAD="$bin_dir/libgrp_fault_inject.so"
nvcc -O3 -std=c++17 -arch=sm_90 -o "$out/cub_reduce" "$here/cub_reduce.cu" > /dev/null 2>&1
(for i in $(seq 30); do CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=1 "$out/cub_reduce" 200 26 28 2 > /dev/null 2>&1; done) &
hog=$!
sleep 1
pair loaded
kill $hog 2>/dev/null
wait 2>/dev/null
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
def show(name):
    p = json.load(open(f"{out}/{name}.json"))
    print(f"{name}: {len(p['cases'])} cases")
    for b in p["best"]:
        tied = sorted(k["kernel"] + "/" + str(k["local_size"]) for k in
                      (t.get("key", t) for t in b.get("separation", {}).get("not_separated", [])))
        print(f"  n=2^{b['n'].bit_length() - 1}: best {b['kernel']}/{b['local_size']} "
              f"{b['median_ns'] / 1e3:.2f} us; not separated from {tied}")
    for m in (p.get("fleet") or {}).get("models", []):
        for c in m["cards"]:
            print(f"  card {c['device']} {c.get('pci_bus')}: level {100 * (c['level'] - 1):+.2f} % "
                  f"[{100 * (c['low'] - 1):+.2f}, {100 * (c['high'] - 1):+.2f}] over "
                  f"{c['anchors']} anchors, {c['rounds']} rounds, outlier {c['outlier']}")
for name in ("one", "fleet", "slowed", "loaded"):
    show(name)
PY
for name in fleet slowed loaded; do
  echo "== report --markdown $name.json (fleet section)"
  $g report "$out/$name.json" --markdown - 2>/dev/null | sed -n '/### Fleet/,/### Kernel/p' | head -12
done
