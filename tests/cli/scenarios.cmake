# `run --scenario`: every scenario runs on the test device (PoCL in CI) and exits 0 (the kernel
# with barriers was right in every run, precision's device tree within tolerance), the profile
# it writes validates, a bad name is a usage error, and sub-groups run or are skipped with the
# reason (PoCL has none).
set(SCEN_OUT ${CMAKE_CURRENT_BINARY_DIR}/scenarios-all.json)
set(SCEN_FAST --samples 3 --warmup 1 --no-peak -q --force)
grp_cli_test(scenario_unknown_name_is_usage_error 2
             "unknown scenario 'nope'. scenarios: wg-probe, barrier, precision, subgroups"
             run --scenario nope -o ${CMAKE_CURRENT_BINARY_DIR}/scenarios-nope.json)
grp_cli_test(scenario_all_four_run_and_exit_0 0
             "barrier/with +int +flat +[0-9^]+ +[0-9]+ .*ok"
             run --scenario wg-probe,barrier,precision,subgroups --barrier-runs 20 ${SCEN_FAST}
             -o ${SCEN_OUT})
set_tests_properties(cli.scenario_all_four_run_and_exit_0 PROPERTIES FIXTURES_SETUP scen_profile)
grp_cli_test(scenario_profile_validates 0 "scenarios-all\\.json: ok \\([0-9]+ cases, 1 devices\\)"
             validate ${SCEN_OUT})
set_tests_properties(cli.scenario_profile_validates PROPERTIES FIXTURES_REQUIRED scen_profile)
grp_cli_test(scenario_precision_cases 0
             "precision/const_1\\.1 +float +flat +2\\^20 +[0-9]+ .*ok"
             run --scenario precision ${SCEN_FAST} -o ${CMAKE_CURRENT_BINARY_DIR}/scenarios-p.json)
grp_cli_test(scenario_wg_probe_from_local_size_1 0 "wg-probe +float +flat +[0-9^]+ +1 "
             run --scenario wg-probe ${SCEN_FAST} -o ${CMAKE_CURRENT_BINARY_DIR}/scenarios-w.json)
# PoCL (CI) has no sub-groups: every case is skipped with the reason, so nothing is measured
# and run exits 7 (on a device with sub-groups the cases run: exit 0, a different test).
grp_cli_test(scenario_subgroups_skip_with_reason_and_exit_7 7
             "skipped [0-9]+x: device has no sub-groups.*nothing was measured"
             run --scenario subgroups ${SCEN_FAST} -o ${CMAKE_CURRENT_BINARY_DIR}/scenarios-s.json)
