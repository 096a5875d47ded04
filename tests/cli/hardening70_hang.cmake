# Issue #70, hung launches: a kernel that never finishes beside an honest case ends failed
# ("hung: ...") after --launch-timeout, and the run goes on in a fresh process (in one process,
# and in a part of --runs); SIGTERM during a hung launch ends the run within seconds (exit 143),
# keeping the finished case. Each is bounded by `timeout` or a deadline inside its script.
set(H70_OUT ${CMAKE_CURRENT_BINARY_DIR}/hardening70-out)
file(MAKE_DIRECTORY ${H70_OUT})
add_test(NAME cli.run_hung_launch_fails_its_case_and_the_run_goes_on
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/hang.sh ${GRP_BIN} ${H70_OUT}/one ${GRP_DATA}/kernels/hang.json
          --runs 1)
add_test(NAME cli.run_hung_launch_in_a_part_of_runs
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/hang.sh ${GRP_BIN} ${H70_OUT}/parts
          ${GRP_DATA}/kernels/hang.json --runs 2)
add_test(NAME cli.run_sigterm_during_a_hung_launch_ends_in_seconds
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/hang_signal.sh ${GRP_BIN} ${H70_OUT}/signal.json
          ${GRP_DATA}/kernels/hang.json)
set_tests_properties(cli.run_hung_launch_fails_its_case_and_the_run_goes_on
  cli.run_hung_launch_in_a_part_of_runs cli.run_sigterm_during_a_hung_launch_ends_in_seconds
  PROPERTIES LABELS cli TIMEOUT 600)
grp_cli_test(run_launch_timeout_negative_exit_2 2 "--launch-timeout"
             run -k reduce2 --launch-timeout -1 --dry-run)
