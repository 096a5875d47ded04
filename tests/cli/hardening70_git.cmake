# Issue #70's git slice. A repository whose configuration names a program (core.fsmonitor, a
# clean filter), then the same one owned by another user: run and history never run it
# (git_hostile.sh; the owner part needs root). Process groups, waiver globs, schema messages
# and JSON output of odd names are unit tests (command_output_test.cpp, waivers_test.cpp,
# schema_check_test.cpp, json_file_test.cpp).
add_test(NAME cli.git_never_runs_a_repositorys_programs
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/git_hostile.sh ${GRP_BIN})
set_tests_properties(cli.git_never_runs_a_repositorys_programs PROPERTIES LABELS "cli;ocl"
                     TIMEOUT 300)
add_test(NAME cli.json_names_files_that_are_not_utf8_escaped
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/non_utf8_names.sh ${GRP_BIN} ${GRP_DATA})
set_tests_properties(cli.json_names_files_that_are_not_utf8_escaped PROPERTIES LABELS cli
                     TIMEOUT 120)
# An empty value (an unset variable in a CI script) is refused by name, never "not given".
# add_test, not grp_cli_test: a list passed on through ARGN drops an empty argument.
add_test(NAME cli.run_empty_commit_is_refused
         COMMAND ${GRP_EXPECT} 2 "--commit: is empty; give the full sha"
                 -- ${GRP_BIN} run -k reduce3 --dry-run --commit "")
add_test(NAME cli.compare_empty_history_is_refused
         COMMAND ${GRP_EXPECT} 2 "--history: is empty; give a profile or folder"
                 -- ${GRP_BIN} compare ${GRP_DATA}/compare/base.json --history "")
add_test(NAME cli.history_empty_path_is_refused
         COMMAND ${GRP_EXPECT} 2 "an empty path: give a profile or a folder"
                 -- ${GRP_BIN} history "")
set_tests_properties(cli.run_empty_commit_is_refused cli.compare_empty_history_is_refused
                     cli.history_empty_path_is_refused PROPERTIES LABELS cli TIMEOUT 60)
