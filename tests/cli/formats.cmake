# Output conventions (#16): `-o -` is stdout for every command that writes a file (and the
# tables then go to stderr), CSV from run and compare, --color and NO_COLOR, --describe without
# a run, and the context fields a profile records.
set(FORMATS_SH ${CMAKE_CURRENT_LIST_DIR}/formats.sh)
foreach(check run_output_dash_is_pure_json_and_csv_has_a_row_per_case run_csv_dash_is_stdout
              merge_output_dash_is_json report_output_dash_is_html
              compare_csv_file_beside_the_table no_color_and_color_always
              run_color_always_and_no_color run_describe_needs_no_opencl)
  add_test(NAME cli.${check} COMMAND ${FORMATS_SH} ${check} ${GRP_BIN} ${GRP_DATA})
  set_tests_properties(cli.${check} PROPERTIES LABELS cli TIMEOUT 120)
endforeach()
set_tests_properties(cli.run_describe_needs_no_opencl PROPERTIES TIMEOUT 10)
