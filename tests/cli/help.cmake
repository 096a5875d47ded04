# --help reads by task (#33): grouped into selection, timing, output and advanced, with values
# named by what they are (N, SECONDS, LIST), never CLI11's "UINT:UINT in [0 - 1844...]"; and
# every number that help, README.md and docs/ state about one setting agrees
# (tests/cli/help_agrees_with_docs.py: defaults in the option tables, the duet's runs and
# rounds, the runs a baseline merges).
add_test(NAME cli.run_help_is_grouped_with_readable_types
  COMMAND ${GRP_EXPECT} 0
          "Selection:.*-k,--kernel KERNEL.*Timing:.*--rounds N=10.*--max-time SECONDS=1.*Output:.*-o,--output FILE.*Advanced:.*--host-repeats N=3"
          --not "UINT|FLOAT|in \\[" -- ${GRP_BIN} run --help)
foreach(cmd check compare report)
  add_test(NAME cli.${cmd}_help_has_readable_types
    COMMAND ${GRP_EXPECT} 0 "Output:" --not "UINT|FLOAT|in \\[" -- ${GRP_BIN} ${cmd} --help)
endforeach()
grp_cli_test(compare_help_is_grouped 0 "Selection:.*--pair.*Verdicts:.*--threshold PCT=5%.*Output:.*Advanced:.*--min-rounds N=2"
             compare --help)
add_test(NAME cli.help_numbers_agree_with_readme_and_docs
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/help_agrees_with_docs.py ${GRP_BIN}
          ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.run_help_is_grouped_with_readable_types cli.check_help_has_readable_types
  cli.compare_help_has_readable_types cli.report_help_has_readable_types
  cli.help_numbers_agree_with_readme_and_docs PROPERTIES LABELS cli TIMEOUT 120)
# check --help names the local sizes it runs by default (64 and 256, #71), never "every".
add_test(NAME cli.check_help_names_its_default_local_sizes
  COMMAND ${GRP_EXPECT} 0 "your kernels at local sizes 64, 256.*default local sizes are run's for a GPU, 64 and 256"
          --not "every local size" -- ${GRP_BIN} check --help)
set_tests_properties(cli.check_help_names_its_default_local_sizes PROPERTIES LABELS cli TIMEOUT 120)
