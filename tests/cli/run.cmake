# `run` on the real binary: profiles that validate, bad input and its exit codes.
set(GRP_KDATA ${GRP_DATA}/kernels)
set(GRP_QUICK --runs 1 --rounds 2 --round-spacing 0 --min-samples 3 --max-time 0 --no-peak -q)

add_test(NAME cli.run_writes_a_profile_that_validates
  COMMAND bash -c "set -e; rm -f run_small.json
    '${GRP_BIN}' run -k reduce3,reduce_vec4 -l 64 -n 100003 -t int,float --runs 1 --min-samples 3 --max-time 0 --no-peak -q -o run_small.json
    '${GRP_BIN}' validate run_small.json | grep -q ': ok (4 cases, 1 devices)'")
grp_cli_test(run_table_marks_best_and_passes 0 "\\* reduce_vec4|\\* reduce3"
             run -k reduce3,reduce_vec4 -l 64 -n 2^16 ${GRP_QUICK} -o run_table.json --force)
# --cache both: every case twice, the cold one after a flush the device records.
# A cold launch flushes max(8 x the reported cache, 256 MiB): 1.1 GiB on a CI VM whose PoCL
# reports 260 MiB, ~0.75 s a launch there. These two check what is recorded and printed, so
# they time one sample in one round, with no extra rounds (GRP_QUICK's took 26 s and 47 s).
set(GRP_ONE_FLUSH --runs 1 --rounds 1 --extra-rounds 0 --round-spacing 0 --samples 1 --max-time 0
    --no-peak -q)
grp_cli_test(run_cache_both_records_the_flush 0
             "\"cache_flush_bytes\": [1-9][0-9]+.*\"cache\": \"cold\".*\"cache\": \"warm\""
             run -k reduce3 -l 64 -n 2^16 --cache both ${GRP_ONE_FLUSH} -o -)
grp_cli_test(run_cache_cold_titles_the_matrix 0 "float, flat, n=[^,]+, cold cache.*reduce3"
             run -k reduce3 -l 32,64 -n 2^16 --cache cold ${GRP_ONE_FLUSH} -o run_cold.json --force)
grp_cli_test(run_cache_unknown_state 2 "--cache 'hot': expected 'auto'" run --cache hot)
grp_cli_test(run_list_shows_unsafe_label 0 "reduce4_lockstep.*UNSAFE" run --list)
grp_cli_test(run_n_zero_and_one_verify 0 "reduce6 .* 0 .* ok.*reduce6 .* 1 .* ok"
             run -k reduce6 -l 64 -n 0,1 -t int ${GRP_QUICK} -o run_n01.json --force)
grp_cli_test(run_wrong_result_exits_1 1 "off_by_n .*wrong.*WRONG"
             run -k ${GRP_KDATA}/wrong.json -t int -l 64 -n 1000 ${GRP_QUICK} -o run_wrong.json --force)
# run --once (#71 item 11) refuses what it cannot do, naming each option, before any device is
# opened; fault.once (tests/fault_inject) counts its launches.
grp_cli_test(run_once_refuses_timing_and_outputs 2
             "run --once launches each case once and times nothing: --rounds, --budget, --output"
             run --once -k reduce2 --rounds 3 --budget 4 -o once.json)
grp_cli_test(run_once_refuses_halving 2 "--search halving times rounds"
             run --once -k reduce2 --search halving)
# --one-sided (bisect's duets stop on not slower) means nothing without a sequential duet.
grp_cli_test(run_one_sided_without_a_sequential_duet_exit_2 2
             "--one-sided stops a sequential duet .*give it with --duet"
             run -k reduce2 --one-sided -n 2^10)
grp_cli_test(run_build_failure_prints_log_exit_4
             4 "kernel build failed.*device: .*options: .*undeclared_variable"
             run -k ${GRP_KDATA}/broken.json -l 64 -n 1000 ${GRP_QUICK} -o run_broken.json --force)
grp_cli_test(run_keep_going_records_failed 1 "broken .*failed"
             run -k ${GRP_KDATA}/broken.json,reduce2 -l 64 -n 1000 ${GRP_QUICK} --keep-going
             -o run_keep_going.json --force)
grp_cli_test(run_missing_cl_exit_2 2 "kernel file '/nonexistent/user.cl' does not exist"
             run -k /nonexistent/user.cl)
grp_cli_test(run_missing_source_exit_2 2 "not_there.cl' does not exist"
             run -k ${GRP_KDATA}/missing_source.json)
grp_cli_test(run_bad_spec_exit_5 5 "bad_spec.json: kernels\\[0\\].grid.elems_per_item: must be from 1"
             run -k ${GRP_KDATA}/bad_spec.json)
grp_cli_test(run_unknown_kernel_lists_builtins 2 "matches no built-in kernel.*reduce0"
             run -k reduce99)
grp_cli_test(run_unknown_layout_lists_valid 2 "valid layouts: flat, aos12, aos16, soa"
             run --layout aos8)
grp_cli_test(run_unknown_type 2 "valid types: int, uint, float, double" run -t half)
grp_cli_test(run_bad_size 2 "-n '12q' is not a count" run -n 12q)
grp_cli_test(run_local_size_over_device_max_is_skipped 0
             "reduce2 +[0-9.]+ [mu]?s\\*\\* +wg>device.*wg>device \\(1 cell\\): local size over the device maximum"
             run -k reduce2 -l 64,65536 -n 4096 ${GRP_QUICK} -o run_over_max.json --force)
add_test(NAME cli.run_refuses_to_overwrite
  COMMAND bash -c "echo '{}' > run_exists.json; ${GRP_EXPECT} 2 'exists; pass --force' -- '${GRP_BIN}' run -o run_exists.json")
add_test(NAME cli.run_interrupt_saves_finished_cases
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/interrupt.sh ${GRP_BIN} run_interrupted.json)
set_tests_properties(cli.run_writes_a_profile_that_validates cli.run_refuses_to_overwrite
                     cli.run_interrupt_saves_finished_cases PROPERTIES LABELS cli TIMEOUT 600)
grp_cli_test(run_layouts_table_compares_to_soa 0 "Layouts .*vec3_grid .* aos16 .*x.*soa .*1.00x"
             run --layout aos12,aos16,soa -l 64 -n 10007 ${GRP_QUICK} -o run_layouts.json --force)
grp_cli_test(run_default_kernels_with_a_scenario 0 "reduce_vec4 .*precision/const_1.1"
             run -k default --scenario precision -l 64 -n 4096 ${GRP_QUICK}
             -o run_default_scenario.json --force)
grp_cli_test(run_list_shows_defaults_per_device_class 0
             "reduce_onepass +flat +int,uint,float,double +pow2 <=1024 +gpu .*reduce_single +flat .*UNSAFE.*reduce_chunk +flat +int,uint,float,double +any +cpu "
             run --list)
# The default sweep is flat: the vec3 kernels join it only with --layout (#50: they read "yes").
grp_cli_test(run_list_says_layout_kernels_need_layout 0
             "vec3_tree +aos12 +float +pow2 <=1024 +with --layout aos12 +one record.*vec3_grid +soa +float +pow2 <=1024 +with --layout soa +grid-stride"
             run --list)
# The test device is a CPU (PoCL): the default sweep has the CPU-shaped kernel at local size 1,
# the GPU-shaped ladder at the preferred multiple only, and not the GPUs' one-launch kernel.
add_test(NAME cli.run_default_sweep_on_a_cpu
  COMMAND ${GRP_EXPECT} 0 "kernel +1 +[0-9]+[[:space:]].*reduce0 +- +[0-9.]+ [mun]?s.*reduce_chunk +[0-9.]+ [mun]?s\\** +[0-9.]+ [mun]?s"
          --not "reduce_single|reduce_onepass"
          -- ${GRP_BIN} run -n 4096 ${GRP_QUICK} -o run_default_cpu.json --force)
set_tests_properties(cli.run_default_sweep_on_a_cpu PROPERTIES LABELS cli TIMEOUT 600)

# Verification outcomes (#12): the seed's example, nothing measured, a name clash, a build
# failure after a finished group, and the build log on the terminal with --keep-going.
grp_cli_test(run_seed_example_iota_is_32640 0 "seed_sum +int +flat +256 +256 .* 32640 +ok"
             run -k ${GRP_KDATA}/seed_sum.json -t int -n 256 --data iota ${GRP_QUICK}
             -o run_seed.json --force)
grp_cli_test(run_nothing_measured_exits_7 7
             "not a whole number of groups of 256.*nothing was measured"
             run -k ${GRP_KDATA}/seed_sum.json -t int -n 1000 ${GRP_QUICK}
             -o run_nothing.json --force)
grp_cli_test(run_user_kernel_named_like_a_builtin_exits_2 2 "two kernels are named 'reduce2'"
             run -k reduce2,${GRP_KDATA}/named_reduce2.json -n 1000 -o run_clash.json --force)
grp_cli_test(run_keep_going_prints_the_build_log 1 "failed: broken/float.*undeclared_variable"
             run -k ${GRP_KDATA}/broken.json,reduce2 -l 64 -n 1000 ${GRP_QUICK} --keep-going
             -o run_keep_going_log.json --force)
add_test(NAME cli.run_build_failure_keeps_the_finished_group
  COMMAND bash -c "set -u; rm -f run_kept.json
    GRP_TEST_GROUP_BYTES=1 '${GRP_BIN}' run -k reduce2,${GRP_KDATA}/broken.json -t int,float -l 64 -n 1000 --runs 1 --rounds 2 --round-spacing 0 --min-samples 3 --max-time 0 --no-peak -q -o run_kept.json
    rc=$?; [[ $rc == 4 ]] || { echo \"exit $rc, expected 4\"; exit 1; }
    grep -q '\"complete\": false' run_kept.json &&
    python3 -c \"import json,sys; p=json.load(open('run_kept.json')); c=[x for x in p['cases'] if x['key']['type']=='int' and x['status']=='ok' and x['rounds']]; sys.exit(0 if c else 1)\" &&
    '${GRP_BIN}' validate run_kept.json")
set_tests_properties(cli.run_build_failure_keeps_the_finished_group PROPERTIES LABELS cli
                     TIMEOUT 600)
grp_cli_test(run_wrong_entry_names_the_spec_field 5
             "bad_entry.json: misnamed.entry: no __kernel 'off_by_one'.*its kernels are: off_by_n"
             run -k ${GRP_KDATA}/bad_entry.json -t int -l 64 -n 1000 ${GRP_QUICK}
             -o run_bad_entry.json --force)
grp_cli_test(run_wrong_argument_count_names_the_spec_field 5
             "short_args.args lists 3 arguments, but __kernel off_by_n .* takes 4"
             run -k ${GRP_KDATA}/bad_args.json -t int -l 64 -n 1000 ${GRP_QUICK}
             -o run_bad_args.json --force)
add_test(NAME cli.run_runs_split_rounds_over_processes
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/runs.sh ${GRP_BIN})
set_tests_properties(cli.run_runs_split_rounds_over_processes PROPERTIES LABELS cli TIMEOUT 600)
# Where the time went: a line per process of --runs and one for the invocation (issue #32).
grp_cli_test(run_says_where_the_time_went 0
             "process 1 of 2 took [0-9.]+ m?s: [a-z_]+ [0-9.]+ m?s.*about [0-9]+ s to go.*process 2 of 2 took .*time: [0-9.]+ m?s in 2 processes, [0-9.]+ m?s of it timed kernels \\(wall [0-9.]+x that\\)"
             run -k reduce6 -l 64 -n 4096 --rounds 2 --round-spacing 0 --min-samples 3
             --max-time 0 --peak-bytes 64k -o - --runs 2)
grp_cli_test(run_runs_more_than_rounds_is_usage 2 "--runs 3 needs --rounds 3 or more"
             run -k reduce6 -n 4096 --runs 3 --rounds 2)
# --gate needs several processes: one (--runs 1, or fewer rounds than 2) or halving is refused.
grp_cli_test(run_gate_with_one_process_is_usage 2 "--gate needs several processes"
             run -k reduce6 -n 4096 --gate --runs 1)
grp_cli_test(run_gate_with_one_round_is_usage 2 "--gate needs several processes"
             run -k reduce6 -n 4096 --gate --rounds 1)
grp_cli_test(run_gate_with_halving_is_usage 2 "--search halving runs in one process.*--gate"
             run -k reduce6 -n 4096 --gate --search halving)
grp_cli_test(run_runs_zero_is_usage 2 "--runs takes a count from 1 to 100, got '0'"
             run -k reduce6 -n 4096 --runs 0)

# run --duet: base, candidate and A/A control in one profile, launches alternating per round.
add_test(NAME cli.run_duet_times_base_candidate_and_control_together
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/duet_run.sh ${GRP_BIN} ${GRP_KDATA})
set_tests_properties(cli.run_duet_times_base_candidate_and_control_together
                     PROPERTIES LABELS cli TIMEOUT 600)
# A duet adds processes until decided, within --budget, and compare agrees with its looks (#46).
add_test(NAME cli.run_duet_adds_processes_until_decided
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/sequential_duet.sh ${GRP_BIN} ${GRP_KDATA})
set_tests_properties(cli.run_duet_adds_processes_until_decided
                     PROPERTIES LABELS cli TIMEOUT 600)
# Stopped as process 5 starts (a signal to the parent or to process 5, SIGKILL of process 5, the
# last checkpoint written by a third signal): the record ends at the last look with data, compare reads undecided, --resume keeps
# both (#70).
foreach(case int-parent term-child kill-child checkpoint)
  add_test(NAME cli.run_duet_interrupted_${case}_judges_the_last_look_with_data
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/sequential_interrupt.sh ${GRP_BIN} ${GRP_KDATA} ${case})
  set_tests_properties(cli.run_duet_interrupted_${case}_judges_the_last_look_with_data
                       PROPERTIES LABELS cli TIMEOUT 300)
endforeach()

# Sensors: a fabricated sysfs stands for a CPU's clocks, energy and temperature (issue #30).
add_test(NAME cli.run_records_the_sensors_it_found_or_lacked
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/sensors.sh ${GRP_BIN})
set_tests_properties(cli.run_records_the_sensors_it_found_or_lacked
                     PROPERTIES LABELS cli TIMEOUT 600)
# Device conditions: recorded, validated, and compare refuses to gate across a key fact (#66).
add_test(NAME cli.run_records_conditions_and_compare_refuses_to_mix
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/conditions.sh ${GRP_BIN})
set_tests_properties(cli.run_records_conditions_and_compare_refuses_to_mix
                     PROPERTIES LABELS cli TIMEOUT 300)
# --runs keeps finished processes on every way out and measures one snapshot of its inputs (#31).
foreach(case tmpdir data-change part-input kill-child kill-first kill-parent ctrl-z part-output
    second-signal refused)
  add_test(NAME cli.run_runs_parts_${case}
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/runs_parts.sh ${GRP_BIN} ${case})
  set_tests_properties(cli.run_runs_parts_${case} PROPERTIES LABELS cli TIMEOUT 120)
endforeach()

# Several duet profiles of one experiment pool into one (the invocation a level); another
# sweep is refused with the setting named.
add_test(NAME cli.compare_pools_duet_invocations
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/duet_pool.sh ${GRP_BIN} ${GRP_KDATA})
set_tests_properties(cli.compare_pools_duet_invocations PROPERTIES LABELS cli TIMEOUT 600)
# A case above 105 % of the peak is flagged with its likely cause and never crowned (#47).
add_test(NAME cli.above_peak_is_never_crowned
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/above_peak.sh ${GRP_BIN}
          ${CMAKE_CURRENT_BINARY_DIR}/above_peak)
set_tests_properties(cli.above_peak_is_never_crowned PROPERTIES LABELS cli TIMEOUT 300)
# A CPU's default n from its measured knee, kept per machine (#47).
add_test(NAME cli.default_size_is_measured_and_kept
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/default_size.sh ${GRP_BIN}
          ${CMAKE_CURRENT_BINARY_DIR}/default_size)
set_tests_properties(cli.default_size_is_measured_and_kept PROPERTIES LABELS cli TIMEOUT 300)
