# `validate` on the real binary: exit 0 only when every file is a valid profile, 5 otherwise, and
# each problem named by file and place (JSON pointer, or line:column for broken JSON).
set(V ${GRP_DATA}/validate)
grp_cli_test(validate_ok 0 "valid\\.json: ok \\(2 cases, 1 devices\\)" validate ${V}/valid.json)
grp_cli_test(validate_truncated_names_line_col 5 "truncated\\.json:[0-9]+:[0-9]+: not valid JSON"
             validate ${V}/truncated.json)
grp_cli_test(validate_wrong_type_names_pointer 5
             "wrong_type\\.json: /cases/0/key/n: expected integer .*found string \"1048576\""
             validate ${V}/wrong_type.json)
grp_cli_test(validate_negative_sample_names_pointer 5
             "wrong_type\\.json: /cases/1/samples_ns/1: expected integer \\(minimum 0\\)"
             validate ${V}/wrong_type.json)
grp_cli_test(validate_unknown_status 5
             "/cases/1/status: expected one of \"ok\", \"wrong\", \"skipped\", \"failed\", \"race-observed\""
             validate ${V}/bad_status.json)
grp_cli_test(validate_missing_field 5 "/cases/0: missing required field \"bytes\""
             validate ${V}/bad_status.json)
grp_cli_test(validate_future_major 5 "version 3\\.0\\.0 is not supported. this tool reads schema 1\\.x to 2\\.x"
             validate ${V}/future_major.json)
grp_cli_test(validate_missing_file 5 "no-such\\.json: cannot open" validate ${V}/no-such.json)
grp_cli_test(validate_directory 5 "is a directory" validate ${V})
# Every file is checked: the valid one is still reported ok, and the exit status says "any invalid".
grp_cli_test(validate_mixed_files_exit_5 5 "valid\\.json: ok"
             validate ${V}/wrong_type.json ${V}/valid.json)
grp_cli_test(validate_no_files_is_usage_error 2 "at least one profile" validate)
grp_cli_test(validate_help_has_examples 0 "Examples:.*" validate --help)
grp_cli_test(validate_print_schema 0 "json-schema\\.org/draft-07/schema#" validate --print-schema)
# A sequential duet's record of its looks: validate and compare refuse the same forged or
# unsupported records (exit 5, the field named), never a verdict from them (#70).
add_test(NAME cli.validate_and_compare_refuse_a_forged_sequential_record
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/sequential_forged.sh ${GRP_BIN}
                 ${GRP_DATA}/compare/duet_controlled.json)
set_tests_properties(cli.validate_and_compare_refuse_a_forged_sequential_record
                     PROPERTIES LABELS cli TIMEOUT 120)
