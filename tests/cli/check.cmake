# `check` on the Oclgrind simulator (Debian oclgrind): a user's kernels with one fault each are
# unsafe with the right line, clean ones ok; the built-ins of the default sweep are clean; the
# work gate and the profile (check.sh); a missing simulator is a clear error.
set(GRP_CHECK ${GRP_DATA}/check)
grp_cli_test(check_user_kernels_unsafe_at_the_right_line 1
  "tree +float.* ok .*no_barrier +float.* unsafe +data-race.*warp_tail +float.* unsafe +data-race.*no_bounds +float.* unsafe +out-of-bounds.*divergent +float.* unsafe +barrier-divergence.*user\\.cl:113:5: TREE.*barrier.*no_barrier: Read-write data race at local memory.*user\\.cl:54:5.*no_bounds: Invalid read of size 4 at global memory.*user\\.cl:95:17: part\\[tid\\] = in\\[get_global_id\\(0\\)\\]..*warp_tail: .*user\\.cl:79:16: v\\[tid\\] \\+= v\\[tid \\+ 32\\]."
  check -k ${GRP_CHECK}/user.json -l 64,256 -o check_user.json --force)
grp_cli_test(check_builtin_ladder_is_clean 0 "reduce0 .* ok .*reduce6 .* ok .*reduce_vec4 .* ok "
  check -k reduce0,reduce1,reduce2,reduce3,reduce4,reduce5,reduce6,reduce_vec4 -l 1,64,1024
  -t int,float -o check_ladder.json --force)
# #47: each device class's default kernel (the GPUs' reduce_onepass, the CPUs' reduce_chunk; the
# ladder is check_builtin_ladder_is_clean) is clean at every power-of-two local size for the
# 32-bit and the 64-bit atomic paths, and `check` with no argument exits 0 (check.sh); the old
# plain-partials form races; doubles moved as two 32-bit words (the fallback for devices without
# cl_khr_int64_base_atomics, forced by -D GRP_WORD_ATOMICS) are clean and exact.
grp_cli_test(check_device_defaults_are_clean_at_every_local_size 0
  "reduce_onepass +double +flat +4099 +1024 +ok .*reduce_chunk +double .*check: 66 ok"
  check -k reduce_onepass,reduce_chunk -t int,float,double -l pow2 -q -o check_default_pow2.json
  --force)
grp_cli_test(check_reduce_single_races_between_groups 1
  "reduce_single +int +flat +4099 +64 +unsafe +data-race.*reduce_single: .*data race at global memory"
  check -k reduce_single -t int -l 64 -q -o check_single.json --force)
grp_cli_test(check_onepass_word_atomics_fallback_is_clean 0 "reduce_onepass +double .* 1024 +ok .*check: 3 ok"
  check -k ${GRP_CHECK}/onepass_words.json -l 1,64,1024 -q -o check_words.json --force)
grp_cli_test(run_onepass_word_atomics_fallback_is_exact 0 "profile written to run_words.json \\(18 cases\\)"
  run -k ${GRP_CHECK}/onepass_words.json --op sum,min,max -l 1,64 -n 1,4099,100003 --runs 1
  --rounds 2 --round-spacing 0 --min-samples 2 --max-time 0 --no-peak -q -o run_words.json --force)
grp_cli_test(check_lockstep_ladder_is_unsafe 1
  "reduce4_lockstep .* 64 +unsafe .*reduce4_lockstep .* 1024 +unsafe .*reduce\\.cl:226:"
  check -k reduce4_lockstep -l 64,1024 -o check_lockstep.json --force)
add_test(NAME cli.check_without_oclgrind_says_what_to_install
  COMMAND env GRP_OCLGRIND_ICD=/nonexistent/liboclgrind-rt-icd.so
          ${GRP_EXPECT} 3 "GRP_OCLGRIND_ICD names '/nonexistent/liboclgrind-rt-icd.so'"
          -- ${GRP_BIN} check -k reduce2 -o check_none.json --force)
add_test(NAME cli.check_work_gate_and_profile COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/check.sh
         ${GRP_BIN} ${GRP_DATA})
set_tests_properties(cli.check_without_oclgrind_says_what_to_install
                     cli.check_work_gate_and_profile PROPERTIES LABELS cli TIMEOUT 600)
# The barrier scenario's kernel through a spec: its barrier-less build races at every local size
# with more than one work-item (n = local: the scenario's one group), its barriered build is clean.
foreach(local 2 64 1024)
  grp_cli_test(check_barrier_scenario_without_barrier_races_at_${local} 1
    "barrier_with +int +flat +${local} +${local} +ok .*barrier_without +int +flat +${local} +${local} +unsafe +data-race.*scenario_barrier\\.cl:39:23"
    check -k ${GRP_CHECK}/barrier_scenario.json -t int -l ${local} -n ${local}
    -o check_barrier_${local}.json --force)
endforeach()
# No verdict from evidence that was not collected, and a check's work kept on every way out
# (check_evidence.sh: a full $TMPDIR, a non-Oclgrind ICD, SIGTERM to a kernel that never ends,
# `-o` on a full disk). Exit 77: the machine does not allow a tmpfs or has no PoCL.
foreach(s tmpdir-full tmpdir-tight not-oclgrind sigterm sigterm-stdout output-full)
  add_test(NAME cli.check_evidence_${s}
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_evidence.sh ${GRP_BIN} ${GRP_DATA} ${s})
  set_tests_properties(cli.check_evidence_${s} PROPERTIES LABELS cli TIMEOUT 600
                       SKIP_RETURN_CODE 77)
endforeach()
# An unsafe case whose result was also wrong says both on the console (#50), not only in the
# profile's reason: the lock-step tail races on the simulator and sums wrong.
grp_cli_test(check_unsafe_and_wrong_prints_both 1
  "reduce4_lockstep +int +flat +4099 +64 +unsafe +data-race x[0-9]+. result wrong too .*  unsafe and wrong: reduce4_lockstep int n=4099 local=64: expected exactly -?[0-9]+, got -?[0-9]+"
  check -k reduce4_lockstep -t int -l 64 -q -o check_unsafe_wrong.json --force)
# Round 5 (#70): a kernel that does not build, under --keep-going, is `failed` with its compiler
# log under the table, its line breaks kept (the findings cell printed it with literal \x0a).
add_test(NAME cli.check_failed_build_log_keeps_its_line_breaks
  COMMAND ${GRP_EXPECT} 1
          "failed +kernel build failed: .*  failed: broken float n=4099 local=64: kernel build failed: .*    [a-z.]+:3:22: error: use of undeclared identifier 'undeclared_variable'"
          --not "x0a"
          -- ${GRP_BIN} check -k ${GRP_DATA}/kernels/broken.json -l 64 --keep-going
             -o check_broken.json --force)
set_tests_properties(cli.check_failed_build_log_keeps_its_line_breaks PROPERTIES LABELS cli)
# #68: check's access metrics, and compare's worse-access (the chunked rewrite of a grid-stride
# sum), more-work and same-work on them (check_access.sh); only where the plugin is built
# (liboclgrind-dev installed: scripts/dev.sh test installs it).
if(TARGET grp_oclgrind_access)
  add_test(NAME cli.check_access_gate COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_access.sh
           ${GRP_BIN} ${GRP_DATA})
  set_tests_properties(cli.check_access_gate PROPERTIES LABELS cli TIMEOUT 600)
  # #68 item 4: check --estimate-for GPU.json and report --estimate-for, each case's estimate on
  # the fixture GPU (tests/data/check/gpu_facts.json), the grids planned for its compute units;
  # a GPU.json with no usable GPU is a usage error (check_estimate.sh). Needs the plugin's new
  # sectors, hence here.
  add_test(NAME cli.check_estimate_for_a_gpu
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_estimate.sh ${GRP_BIN} ${GRP_DATA})
  set_tests_properties(cli.check_estimate_for_a_gpu PROPERTIES LABELS cli TIMEOUT 600)
endif()
# -a as run's (the newcomer walk of 2026-12-05: check refused it): one configuration of a tuning
# space, its parameters named in the table's params column.
grp_cli_test(check_takes_param_overrides 0 "params.*tunable_small +UNROLL=2 VEC=4 .*check: 1 ok"
  check -k ${GRP_DATA}/kernels/tunable_small.json -a VEC=4 -a UNROLL=2 -l 64 -t float
  -o check_param.json --force)
