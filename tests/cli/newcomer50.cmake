# What a newcomer trips on, round 3 (#50): a spec's declared types run without -t; the starter
# spec's own way out (run --print-spec) and a spec made by redirecting stderr into it.
set(N50_KDATA ${GRP_DATA}/kernels)
# reqd64.json declares int only: without -t its cases are planned at int and checked there
# (they were skipped at float, exit 7); a built-in beside it keeps float. The plan (--dry-run:
# nothing built, quick) is run's; check runs them on the simulator.
grp_cli_test(run_without_t_plans_the_types_a_spec_declares 0
  "2 cases planned, 2 to time, 0 to skip.*sum_reqd64 +1 +0 +int +2\\^12 +64 .*reduce2 +1 +0 +float +2\\^12 +64 "
  run --dry-run -k ${N50_KDATA}/reqd64.json,reduce2 -l 64 -n 4096)
grp_cli_test(check_without_t_checks_the_types_a_spec_declares 0
  "sum_reqd64 +int .* ok"
  check -k ${N50_KDATA}/reqd64.json -l 64 -n 256 -q -o check_spec_types.json --force)
add_test(NAME cli.run_print_spec_and_a_spec_made_by_redirecting_stderr
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/starter_print_spec.sh ${GRP_BIN} ${N50_KDATA}/nospec/my_sum.cl)
set_tests_properties(cli.run_print_spec_and_a_spec_made_by_redirecting_stderr
                     PROPERTIES LABELS cli TIMEOUT 600)
