# The Slurm array example without Slurm: two tasks on PoCL (tiny sizes, 2 rounds) from a
# temporary folder, then the one report and one compare over both.
add_test(NAME example.slurm_array_collect
  COMMAND ${GRP_EXPECT} 0 "slurm-test: ok"
          -- bash ${CMAKE_CURRENT_LIST_DIR}/test_slurm.sh ${GRP_BIN} ${CMAKE_SOURCE_DIR})
set_tests_properties(example.slurm_array_collect PROPERTIES LABELS "example;ocl" TIMEOUT 600)
# The sharded sweep (shard-array.sbatch) without Slurm: two array tasks of one plan on PoCL,
# then merge-shards.sh.
add_test(NAME example.slurm_shards_merge
  COMMAND ${GRP_EXPECT} 0 "slurm-shards-test: ok"
          -- bash ${CMAKE_CURRENT_LIST_DIR}/test_shards.sh ${GRP_BIN} ${CMAKE_SOURCE_DIR})
set_tests_properties(example.slurm_shards_merge PROPERTIES LABELS "example;ocl" TIMEOUT 600)
# A real Slurm (issue #69): scripts/slurm-local.sh starts munged, slurmctld and slurmd on
# localhost in a temporary folder, runs shard-array.sbatch as a 2-task array (--gres=none: a
# CPU-only node), cancels task 1 mid-run (scancel), resubmits it with the command merge prints
# and checks the merge whole. Skipped (77, with the reason) without root or the slurm-wlm and munge packages.
add_test(NAME example.slurm_real_array
  COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/slurm-local.sh ${GRP_BIN})
set_tests_properties(example.slurm_real_array PROPERTIES LABELS "example;ocl" TIMEOUT 300
  SKIP_RETURN_CODE 77 PASS_REGULAR_EXPRESSION "slurm-local: ok")
