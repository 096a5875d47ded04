#!/usr/bin/env bash
# #49 items 2 and 4 on a 2-GPU host (the device tool's nvidia-h200-x2): (1) one tuned sweep on
# card 0 alone; (2) the same sweep sharded over both cards (a process per card, at once) and
# merged: the fleet's best per sweep point (fleet.best: normalised by the cards' levels, the
# levels' errors in cross-card intervals) set beside the one-card run's best and its ties;
# (3) `run -d all` (both cards, the whole sweep each) with its devices at once (the default for
# GPUs) and one after the other (--devices-parallel off): wall times and the two cards' bests.
#   bench/fleet_best_x2.sh [DIR-WITH-BINARY]    # DIR as for bench/h100.sh; writes into $OUT
set -u
bin_dir=$(cd "${1:-.device}" && pwd)
out=${OUT:-.}
g="$bin_dir/nvidia-opencl.sh $bin_dir/gpu-reduce-prof"
export CUDA_DEVICE_ORDER=PCI_BUS_ID
sweep=(-k reduce6,reduce_vec4,reduce_onepass -t float -n 2^22,2^24,2^26,2^28 -l 64,128,256,512,1024 -q)
secs() { python3 -c "print(round($EPOCHREALTIME - $1, 2))"; }
echo "# $(date -u +%FT%TZ) $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg); sweep: ${sweep[*]}"
nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version --format=csv,noheader
s=$EPOCHREALTIME
$g run -d 0 "${sweep[@]}" -o "$out/one.json" --force >"$out/one.txt" 2>&1
echo "one card: exit $? in $(secs "$s") s"
s=$EPOCHREALTIME
$g run -d 0 "${sweep[@]}" --shard 1/2 -o "$out/s1.json" --force >"$out/s1.txt" 2>&1 &
$g run -d 1 "${sweep[@]}" --shard 2/2 -o "$out/s2.json" --force >"$out/s2.txt" 2>&1
wait
echo "2 shards on 2 cards: $(secs "$s") s"
$g merge "$out/s1.json" "$out/s2.json" -o "$out/fleet.json" --force 2>&1 | tail -1
$g compare "$out/one.json" "$out/fleet.json" 2>&1 >/dev/null | sed -n '/^fleet of/,/^[^ f]/p'
for mode in on off; do
  s=$EPOCHREALTIME
  $g run -d all --devices-parallel "$mode" "${sweep[@]}" -o "$out/all-$mode.json" --force \
    >"$out/all-$mode.txt" 2>&1
  echo "-d all --devices-parallel $mode: exit $? in $(secs "$s") s"
done
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
def k(key):
    return f"{key['kernel']}/{key['local_size']}"
def ties(b):
    sep = b.get("separation") or {}
    return sorted(k(t) for t in sep.get("tied", [])), sorted(k(t) for t in sep.get("not_separated", []))
one = json.load(open(f"{out}/one.json"))
print("one card (card 0): best per n, tied, not separated")
for b in one["best"]:
    t, ns = ties(b)
    print(f"  n=2^{b['n'].bit_length() - 1}: {b['kernel']}/{b['local_size']} {b['median_ns'] / 1e3:.2f} us; tied {t}; not separated {ns}")
fleet = json.load(open(f"{out}/fleet.json"))
print("sharded over 2 cards: fleet.best per n")
for b in (fleet.get("fleet") or {}).get("best", []):
    w = b["winner"]
    short = lambda s: "/".join(s.split("/")[0:1] + [s.split("local=")[1]])
    print(f"  n=2^{b['n'].bit_length() - 1}: {short(w['key'])} (card {w['device']}) {w['normalized_median_ns'] / 1e3:.2f} us normalised; "
          f"tied {sorted(short(t['key']) + '@' + str(t['device']) for t in b['tied'])}; "
          f"not separated {sorted(short(t['key']) + '@' + str(t['device']) for t in b['not_separated'])}; slower {b['separated']}")
for m in (fleet.get("fleet") or {}).get("models", []):
    for c in m["cards"]:
        print(f"  card {c['device']} {c.get('pci_bus')}: level {100 * (c['level'] - 1):+.2f} % [{100 * (c['low'] - 1):+.2f}, {100 * (c['high'] - 1):+.2f}]")
for mode in ("on", "off"):
    p = json.load(open(f"{out}/all-{mode}.json"))
    print(f"-d all --devices-parallel {mode}: {len(p['devices'])} devices, {len(p['cases'])} cases, "
          f"failures {[d.get('failure') for d in p['devices'] if d.get('failure')]}")
    for b in p["best"]:
        print(f"  device {b['device']} n=2^{b['n'].bit_length() - 1}: {b['kernel']}/{b['local_size']} {b['median_ns'] / 1e3:.2f} us")
PY
