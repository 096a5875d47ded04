#!/usr/bin/env bash
# #49 on the GPU machine: one sweep run whole, then as N shards (one after another on the same
# card when only one is lent), merged; prints each profile's best and tie set and the merge's
# fleet lines, so "the same winner and tie set" can be read off. Writes into $OUT (default .).
#   bench/shard_gpu.sh [DIR-WITH-BINARY] [N]      (DIR as for bench/h100.sh; N default 3)
set -u
bin_dir=$(cd "${1:-.device}" && pwd)
shards=${2:-3}
out=${OUT:-.}
g="$bin_dir/nvidia-opencl.sh $bin_dir/gpu-reduce-prof"
sweep=(-d nvidia -k reduce6,reduce_vec4,reduce_onepass -t float -n 2^24,2^26 -l 64,128,256,512 -q)
echo "# $(date -u +%FT%TZ) $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg)"
nvidia-smi -L
start=$EPOCHREALTIME
$g run "${sweep[@]}" -o "$out/whole.json" --force > "$out/whole.txt" 2>&1
echo "whole: exit $? in $(python3 -c "print(round($EPOCHREALTIME - $start, 1))") s"
start=$EPOCHREALTIME
for i in $(seq 1 "$shards"); do
  GRP_SHARD_INDEX=$i GRP_SHARD_COUNT=$shards $g run "${sweep[@]}" --shard auto \
    -o "$out/shard$i.json" --force > "$out/shard$i.txt" 2>&1
  echo "shard $i/$shards: exit $?"
done
echo "shards: $(python3 -c "print(round($EPOCHREALTIME - $start, 1))") s in all (one card, one after another)"
$g merge "$out"/shard*.json -o "$out/merged.json" --force 2>&1 | tail -5
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
for name in ("whole", "merged"):
    p = json.load(open(f"{out}/{name}.json"))
    print(f"{name}: {len(p['cases'])} cases")
    for b in p["best"]:
        tied = [k["kernel"] + "/" + str(k["local_size"])
                for k in (t.get("key", t) for t in b.get("separation", {}).get("not_separated", []))]
        print(f"  n={b['n']}: best {b['kernel']}/{b['local_size']} {b['median_ns']/1e3:.2f} us;"
              f" not separated from {tied}")
    if p.get("fleet"):
        print("  fleet:", json.dumps(p["fleet"])[:600])
PY
$g report "$out/merged.json" --markdown - 2>/dev/null | grep -A8 -i "fleet" | head -20
