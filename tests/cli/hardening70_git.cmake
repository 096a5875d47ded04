# Issue #70's git slice. A repository whose configuration names a program (core.fsmonitor, a
# clean filter), then the same one owned by another user: run and history never run it
# (git_hostile.sh; the owner part needs root). Process groups, waiver globs, schema messages
# and JSON output of odd names are unit tests (command_output_test.cpp, waivers_test.cpp,
# schema_check_test.cpp, json_file_test.cpp).
add_test(NAME cli.git_never_runs_a_repositorys_programs
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/git_hostile.sh ${GRP_BIN})
set_tests_properties(cli.git_never_runs_a_repositorys_programs PROPERTIES LABELS "cli;ocl"
                     TIMEOUT 300)
