# `compare` on the real binary: the verdict and exit code of each fixture in tests/data/compare
# (tests/data/compare/make_fixtures.py says how each was made), the output formats, and bad input.
set(CMP ${GRP_DATA}/compare)

# Verdicts and exit codes, one fixture each. expect.sh greps line by line, so each regex
# matches one line: the summary line carries the verdict counts and PASS/FAIL.
grp_cli_test(compare_identical 0 "6 cases: 6 same\\. PASS"
             compare ${CMP}/base.json ${CMP}/identical.json)
grp_cli_test(compare_rerun_same 0 "6 cases: 6 same\\. PASS"
             compare ${CMP}/base.json ${CMP}/rerun.json)
grp_cli_test(compare_slower10_fails 1 "6 cases: 6 slower\\. FAIL: 6 cases fail"
             compare ${CMP}/base.json ${CMP}/slower10.json)
grp_cli_test(compare_slower3_under_threshold 0 "6 cases: 6 same\\. PASS"
             compare ${CMP}/base.json ${CMP}/slower3.json)
grp_cli_test(compare_slower3_threshold_2 1 "6 cases: 6 slower\\. FAIL"
             compare ${CMP}/base.json ${CMP}/slower3.json --threshold 2%)
grp_cli_test(compare_noisy_unknown 0 "6 cases: 6 unknown\\. PASS"
             compare ${CMP}/base.json ${CMP}/noisy.json)
grp_cli_test(compare_wrong_fails 1 "reduce6/float.*wrong \\(fails\\).*differs from reference"
             compare ${CMP}/base.json ${CMP}/wrong.json)
grp_cli_test(compare_wrong_not_in_fail_on 0 "1 wrong, 5 same\\. PASS"
             compare ${CMP}/base.json ${CMP}/wrong.json --fail-on slower)
grp_cli_test(compare_other_device_never_fails_by_raw_time 0
             "6 cases: 6 slower\\. PASS"
             compare ${CMP}/base.json ${CMP}/other_device.json)
grp_cli_test(compare_other_device_normalized_peak 1
             "reduce6/int/flat/n=1048576/local=256 +[0-9.]+% peak +[0-9.]+% peak .*slower \\(fails\\)"
             compare ${CMP}/base.json ${CMP}/other_device.json --normalize peak)
grp_cli_test(compare_other_device_normalized_kernel 1 "reduce6/int.*x ref.*slower \\(fails\\)"
             compare ${CMP}/base.json ${CMP}/other_device.json --normalize reduce0)
grp_cli_test(compare_missing_is_opt_in 0 "1 missing, 5 same, 1 added\\. PASS"
             compare ${CMP}/base.json ${CMP}/missing.json)
grp_cli_test(compare_missing_fails_on_request 1 "1 missing, 5 same, 1 added\\. FAIL"
             compare ${CMP}/base.json ${CMP}/missing.json --fail-on slower,wrong,missing)
grp_cli_test(compare_no_case_in_common 0 "no case in common"
             compare ${CMP}/base.json ${CMP}/disjoint.json)
grp_cli_test(compare_no_case_in_common_fail_on_missing 1 "6 missing, 6 added\\. FAIL"
             compare ${CMP}/base.json ${CMP}/disjoint.json --fail-on missing)

# Output formats.
grp_cli_test(compare_markdown 1
             "\\| reduce6/float/flat/n=1048576/local=256 \\| [0-9.]+ us \\| wrong \\|"
             compare ${CMP}/base.json ${CMP}/wrong.json --markdown)
grp_cli_test(compare_json 1 "\"verdict\": \"slower\""
             compare ${CMP}/base.json ${CMP}/slower10.json --json)
grp_cli_test(compare_json_markdown_exclusive 2 "excludes"
             compare ${CMP}/base.json ${CMP}/slower10.json --json --markdown)
grp_cli_test(compare_matrix 1
             "slower10\\.json +identical\\.json +noisy\\.json"
             compare ${CMP}/base.json ${CMP}/slower10.json ${CMP}/identical.json ${CMP}/noisy.json)
# Output that is not a terminal carries no ANSI colour codes (expect.sh captures it).
add_test(NAME cli.compare_no_colour_when_piped
  COMMAND ${GRP_EXPECT} 1 "slower \\(fails\\)" --not "\\[[0-9;]*m" --
          ${GRP_BIN} compare ${CMP}/base.json ${CMP}/slower10.json)
set_tests_properties(cli.compare_no_colour_when_piped PROPERTIES LABELS cli)
grp_cli_test(compare_help_examples 0 "Exit codes: 0 no failing case" compare --help)

# Bad input.
grp_cli_test(compare_truncated_json 5 "truncated\\.json:[0-9]+:[0-9]+: not valid JSON"
             compare ${CMP}/base.json ${CMP}/truncated.json)
grp_cli_test(compare_future_schema 5 "schema version 2\\.0\\.0 is not supported.*schema 1\\.x"
             compare ${CMP}/base.json ${CMP}/future_schema.json)
grp_cli_test(compare_not_json 5 "compare\\.cmake:1:1: not valid JSON"
             compare ${CMP}/base.json ${CMAKE_CURRENT_LIST_DIR}/compare.cmake)
grp_cli_test(compare_no_such_file 5 "no-such-profile\\.json: cannot open"
             compare ${CMP}/base.json ${CMP}/no-such-profile.json)
grp_cli_test(compare_one_profile_is_usage 2 "At least 2 required" compare ${CMP}/base.json)
grp_cli_test(compare_bad_fail_on 2 "--fail-on: unknown outcome 'faster'"
             compare ${CMP}/base.json ${CMP}/rerun.json --fail-on faster)
grp_cli_test(compare_bad_threshold 2 "--threshold: 'five' is not a percentage"
             compare ${CMP}/base.json ${CMP}/rerun.json --threshold five)
grp_cli_test(compare_bad_alpha 2 "alpha"
             compare ${CMP}/base.json ${CMP}/rerun.json --alpha 2)
