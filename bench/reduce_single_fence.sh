#!/bin/bash
# reduce_single before and after the global fence in its ticket barrier (kernels/reduce.cl), as a
# duet on the H100: the old source (git show bed2780:kernels/reduce.cl) as the base spec, the new
# as the candidate, both as kernel "rs" (reduce.json's reduce_single entry, "entry": "reduce_single").
# Usage: bench/reduce_single_fence.sh FOLDER; OUT: where results go.
cd "${1:?usage: reduce_single_fence.sh FOLDER (rs_old.cl/.json, rs_new.cl/.json, nvidia-opencl.sh, gpu-reduce-prof)}"
W=./nvidia-opencl.sh; B=./gpu-reduce-prof
nvidia-smi --query-gpu=name,driver_version,pci.bus_id --format=csv,noheader > $OUT/rs.txt
cat /proc/loadavg >> $OUT/rs.txt
for i in 1 2 3; do
  $W $B run -k rs_new.json --duet rs_old.json -l 256,1024 -n 2^20,2^24,2^28 --runs 4 --rounds 12 -q -o $OUT/rs$i.json --force > /dev/null 2>&1
  echo "invocation $i: exit $?" >> $OUT/rs.txt
  $W $B compare $OUT/rs$i.json >> $OUT/rs.txt 2>&1
done
cat /proc/loadavg >> $OUT/rs.txt
