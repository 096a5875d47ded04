# `bisect` (commands/bisect/): the first bad commit of a kernel's history, on PoCL. One fixture
# repository (tests/data/bisect/make_history.sh: 8 commits, +25 % from c6, c4 broken) serves
# every test; the tests only read it (the predicate test clones it).
set(GRP_BISECT_REPO ${CMAKE_BINARY_DIR}/bisect-fixture)
add_test(NAME cli.bisect_fixture_repository
         COMMAND ${GRP_DATA}/bisect/make_history.sh ${GRP_BISECT_REPO} 8 6 25 4)
set_tests_properties(cli.bisect_fixture_repository
                     PROPERTIES LABELS cli TIMEOUT 60 FIXTURES_SETUP bisect_repo)
foreach(mode search not-slower undecided predicate)
  string(REPLACE "-" "_" name ${mode})
  add_test(NAME cli.bisect_${name}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/bisect.sh ${GRP_BIN} ${GRP_BISECT_REPO} ${mode})
  set_tests_properties(cli.bisect_${name} PROPERTIES LABELS "cli;ocl" TIMEOUT 600
                       FIXTURES_REQUIRED bisect_repo)
endforeach()
add_test(NAME cli.bisect_swapped_ends_are_named
         COMMAND ${GRP_EXPECT} 2 "--bad is older than --good \\(swapped\\?\\)" -- ${GRP_BIN} bisect
                 --good bad --bad good -k kernels/work.json --repo ${GRP_BISECT_REPO}
                 --state ${CMAKE_CURRENT_BINARY_DIR}/bisect-swapped-state)
set_tests_properties(cli.bisect_swapped_ends_are_named PROPERTIES LABELS cli
                     FIXTURES_REQUIRED bisect_repo)
grp_cli_test(bisect_needs_good_bad_and_spec 2 "bisect needs --good, --bad and -k SPEC" bisect)
grp_cli_test(bisect_alpha_out_of_range 2 "--alpha" bisect --good a --bad b -k x.json --alpha 0.6)
grp_cli_test(bisect_ref_like_an_option 2 "not a git ref: '--output=x'"
             bisect --good=--output=x --bad HEAD -k x.json --repo ${CMAKE_SOURCE_DIR})
grp_cli_test(bisect_help_explains_the_error_rate 0 "each judged at --alpha divided"
             bisect --help)
grp_cli_test(run_alpha_needs_a_duet 2 "--alpha is a duet's false-alarm rate: give it with --duet"
             run -k reduce2 -n 3000 --alpha 0.005 --dry-run)
