# `history` (commands/history.cpp): profiles over time, read from a folder or a git ref.
add_test(NAME cli.history_over_a_git_repository
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/history_git.sh ${GRP_BIN})
set_tests_properties(cli.history_over_a_git_repository PROPERTIES LABELS "cli;ocl" TIMEOUT 300)
grp_cli_test(history_needs_input 2 "give profiles .files or folders. or --git-ref REF" history)
grp_cli_test(history_missing_path 2 "nope: no such file or folder" history nope)
grp_cli_test(history_ref_like_an_option 2 "not a git ref: '--output=x'" history --git-ref=--output=x)
