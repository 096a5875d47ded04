# `compare` on the real binary: the verdict and exit code of each fixture in tests/data/compare
# (tests/data/compare/make_fixtures.py says how each was made), the output formats, and bad input.
set(CMP ${GRP_DATA}/compare)

# Verdicts and exit codes, one fixture each. expect.sh greps line by line, so each regex
# matches one line: the summary line carries the verdict counts and PASS/FAIL.
grp_cli_test(compare_identical 0 "6 cases: 6 same\\. PASS"
             compare ${CMP}/base.json ${CMP}/identical.json --allow-one-run)
grp_cli_test(compare_rerun_same 0 "6 cases: 6 same\\. PASS"
             compare ${CMP}/base.json ${CMP}/rerun.json --allow-one-run)
grp_cli_test(compare_slower10_fails 1 "6 cases: 6 slower\\. FAIL: 6 cases fail"
             compare ${CMP}/base.json ${CMP}/slower10.json --allow-one-run)
# hyperfine's closing line per failing case, the +- from the case's own interval.
grp_cli_test(compare_failing_case_lines 1
             "FAIL: 6 cases fail.*  reduce6 \\(int, n=2\\^20, local 256\\): candidate ran 1\\.11 .+ 0\\.01 .+ slower than base"
             compare ${CMP}/base.json ${CMP}/slower10.json --allow-one-run)
grp_cli_test(compare_failing_case_lines_markdown 1
             "\\*\\*fails\\*\\*: reduce6 \\(int, n=2\\^20, local 256\\): candidate ran 1\\.11 .+ 0\\.01 .+ slower than base"
             compare ${CMP}/base.json ${CMP}/slower10.json --markdown --allow-one-run)
grp_cli_test(compare_duet_failing_case_line 1
             "FAIL: 1 case fails.*  reduce6 \\(float, n=2\\^20, local 256\\): candidate ran 1\\.099 .+ 0\\.004 .+ slower than base:reduce6"
             compare ${CMP}/duet_controlled.json)
grp_cli_test(compare_slower2_within_threshold 0 "6 cases: 6 same\\. PASS"
             compare ${CMP}/base.json ${CMP}/slower2.json --allow-one-run)
grp_cli_test(compare_slower2_threshold_1 1 "[56] slower.*FAIL"
             compare ${CMP}/base.json ${CMP}/slower2.json --threshold 1% --allow-one-run)
# One run against one (run without --gate): the rounds of one process miss its level, so timing
# is read, never gated: NOT GATED (exit 8) saying what to do, the verdicts still shown.
grp_cli_test(compare_one_run_each_is_not_gated 8
             "6 cases: 6 slower\\. NOT GATED: one run on each side cannot support a timing verdict.*run --gate"
             compare ${CMP}/base.json ${CMP}/slower10.json)
grp_cli_test(compare_one_run_each_case_says_why 8
             "slower +one run on each side: read, not gated"
             compare ${CMP}/base.json ${CMP}/slower10.json)
grp_cli_test(compare_one_run_each_markdown 8
             "### gpu-reduce-prof compare: NOT GATED, one run against one run"
             compare ${CMP}/base.json ${CMP}/identical.json --markdown)
grp_cli_test(compare_one_run_each_json 8 "\"one_run_not_gated\": true.*\"one_run_each\": true"
             compare ${CMP}/base.json ${CMP}/identical.json --json)
# A results-only policy asked for no timing verdict: PASS or FAIL on the results.
grp_cli_test(compare_one_run_each_results_only_passes 0 "6 same\\. PASS"
             compare ${CMP}/base.json ${CMP}/identical.json --fail-on wrong,missing)
# A gate that judged no case's timing is UNDECIDED, never PASS, and exits 8.
grp_cli_test(compare_noisy_inconclusive 8
             "6 cases: 6 inconclusive\\. UNDECIDED: timing judged for 0 of 6 cases"
             compare ${CMP}/base.json ${CMP}/noisy.json --allow-one-run)
grp_cli_test(compare_noisy_markdown_headline_is_undecided 8
             "### gpu-reduce-prof compare: UNDECIDED, timing judged for 0 of 6 cases"
             compare ${CMP}/base.json ${CMP}/noisy.json --markdown --allow-one-run)
grp_cli_test(compare_noisy_listed_at_the_top 8 "not decided \\(6\\):"
             compare ${CMP}/base.json ${CMP}/noisy.json --allow-one-run)
grp_cli_test(compare_noisy_fails_on_request 1 "6 inconclusive\\. FAIL"
             compare ${CMP}/base.json ${CMP}/noisy.json --fail-on inconclusive --allow-one-run)
grp_cli_test(compare_all_flagged_is_unmeasured_and_fails 1 "1 unmeasured, 5 same\\. FAIL"
             compare ${CMP}/base.json ${CMP}/flagged.json)
grp_cli_test(compare_other_host_is_cross_machine 0 "warning: cross-machine"
             compare ${CMP}/base.json ${CMP}/other_host.json --allow-one-run)
grp_cli_test(compare_other_host_allowed_fails 1 "6 slower\\. FAIL"
             compare ${CMP}/base.json ${CMP}/other_host.json --allow-cross-machine --allow-one-run)
grp_cli_test(compare_run_shift_single_base 1 "6 slower\\. FAIL"
             compare ${CMP}/runs/run1.json ${CMP}/runs/shifted.json --allow-one-run)
grp_cli_test(compare_run_shift_merged_base_is_undecided 8 "6 inconclusive\\. UNDECIDED"
             compare --base ${CMP}/runs/run1.json --base ${CMP}/runs/run2.json
                     --base ${CMP}/runs/run3.json --base ${CMP}/runs/run4.json
                     ${CMP}/runs/shifted.json)
# More processes per invocation, or more rounds each, than the gate was calibrated with: warned.
grp_cli_test(compare_more_processes_than_calibrated_warns 0
             "six_processes.json ran 6 processes per invocation of 2\\.0 rounds each, .*ran 6"
             compare ${CMP}/runs/six_processes.json ${CMP}/runs/six_processes.json)
# --moderate: against a baseline merged from invocations, cases whose run levels move
# independently lend each other df (an 8 % slower case is "slower" only with them); cases whose
# runs move as one lend nothing.
grp_cli_test(compare_moderation_borrows_from_independent_cases 1
             "reduce3/float.*slower \\(fails\\)"
             compare ${CMP}/moderation/apart_base.json ${CMP}/moderation/apart_slower.json)
grp_cli_test(compare_moderation_says_what_it_borrowed 1
             "moderated over 6 cases \\(prior df [1-9][0-9.]* of inf: [2-6]\\.[0-9] effectively independent\\)"
             compare ${CMP}/moderation/apart_base.json ${CMP}/moderation/apart_slower.json)
grp_cli_test(compare_moderation_off_judges_each_case_alone 8
             "6 cases: 6 inconclusive\\. UNDECIDED"
             compare ${CMP}/moderation/apart_base.json ${CMP}/moderation/apart_slower.json
                     --moderate off)
grp_cli_test(compare_moderation_cases_moving_together_lend_nothing 8
             "prior df 0\\.0 of inf: 1\\.0 effectively independent"
             compare ${CMP}/moderation/together_base.json
                     ${CMP}/moderation/together_slower.json)
grp_cli_test(compare_moderation_together_stays_inconclusive 8
             "6 cases: 6 inconclusive\\. UNDECIDED"
             compare ${CMP}/moderation/together_base.json
                     ${CMP}/moderation/together_slower.json)
# auto (the default) does not borrow against a one-invocation baseline; on does.
grp_cli_test(compare_moderation_auto_not_against_one_invocation 8
             "not moderated \\(a one-invocation baseline. --moderate on borrows anyway\\)"
             compare ${CMP}/moderation/apart_slower.json ${CMP}/moderation/apart_base.json)
grp_cli_test(compare_moderation_on_against_one_invocation 0
             "run-to-run variance moderated over 6 cases"
             compare ${CMP}/moderation/apart_slower.json ${CMP}/moderation/apart_base.json
                     --moderate on)
grp_cli_test(compare_moderation_json 1 "\"prior_df\": [1-9]"
             compare ${CMP}/moderation/apart_base.json ${CMP}/moderation/apart_slower.json
                     --json)
grp_cli_test(compare_schema_1_base_inconclusive 8 "6 inconclusive\\. UNDECIDED"
             compare ${CMP}/v1_base.json ${CMP}/slower10.json --allow-one-run)
grp_cli_test(compare_wrong_fails 1 "reduce6/float.*wrong \\(fails\\).*differs from reference"
             compare ${CMP}/base.json ${CMP}/wrong.json)
grp_cli_test(compare_wrong_not_in_fail_on 0 "1 wrong, 5 same\\. PASS"
             compare ${CMP}/base.json ${CMP}/wrong.json --fail-on slower --allow-one-run)
# Raw times of another device model are read, never gated: NOT GATED (exit 8), never PASS, and
# the cross-device table below the cases.
grp_cli_test(compare_other_device_never_fails_by_raw_time 8
             "across devices \\(base Test GPU A, candidate Test GPU B\\).*6 cases: 6 slower\\. NOT GATED: raw times of different devices are not gated"
             compare ${CMP}/base.json ${CMP}/other_device.json)
# The default sweeps of an H100 and of PoCL share no case (n and local sizes follow the device
# class): each shared kernel gets both devices' best instead of missing/added rows, and the
# ratio reads as a factor and a word ("11352x slower", never "0.0000881x": #50).
grp_cli_test(compare_cross_device_default_profiles 8
             "no case in common: 18 only in the base, 10 only in the candidate.*candidate vs base.*reduce_vec4 +float +local 256, n=2\\^27, cold +[0-9.]+ +9[0-9.]+ +local 8, n=2\\^25 +[0-9.]+ +[0-9.]+ +[1-9][0-9]+x slower.*NOT GATED: no case in common, so timing is not gated"
             compare ${CMP}/cross/h100_default.json ${CMP}/cross/pocl_default.json)
grp_cli_test(compare_cross_device_json 8
             "\"timing_not_gated\": true.*\"cross_device\": \\[.*\"kernel\": \"reduce6\".*\"gbps_ratio\""
             compare ${CMP}/cross/h100_default.json ${CMP}/cross/pocl_default.json --json)
grp_cli_test(compare_cross_device_markdown 8
             "### gpu-reduce-prof compare: NOT GATED.*\\| kernel \\| type \\| base best \\|"
             compare ${CMP}/cross/h100_default.json ${CMP}/cross/pocl_default.json --markdown)
grp_cli_test(compare_other_device_normalized_peak 1
             "reduce6/int/flat/n=1048576/local=256 +[0-9.]+% peak +[0-9.]+% peak .*slower \\(fails\\)"
             compare ${CMP}/base.json ${CMP}/other_device.json --normalize peak --allow-one-run)
grp_cli_test(compare_other_device_normalized_kernel 1 "reduce6/int.*x ref.*slower \\(fails\\)"
             compare ${CMP}/base.json ${CMP}/other_device.json --normalize reduce0 --allow-one-run)
# The reference's own cases are 1.0 in every round: not compared, and the options line says so.
grp_cli_test(compare_normalized_reference_cases_are_not_compared 1
             "normalized to reduce0 in the same round \\(its own 2 case\\(s\\) not compared\\)"
             compare ${CMP}/base.json ${CMP}/other_device.json --normalize reduce0 --allow-one-run)
# A reference that is every case of the baseline would leave nothing to gate: usage error.
grp_cli_test(compare_normalized_to_every_case_exit_2 2
             "--normalize reduce0: every case of the baseline is that reference itself"
             compare ${CMP}/reference_only.json ${CMP}/base.json --normalize reduce0)
grp_cli_test(compare_unknown_normalize_reference_exit_2 2
             "--normalize reduce99: no case of the baseline has that kernel or key"
             compare ${CMP}/base.json ${CMP}/identical.json --normalize reduce99)
grp_cli_test(compare_missing_is_opt_in 0 "1 missing, 5 same, 1 added\\. PASS"
             compare ${CMP}/base.json ${CMP}/missing.json --allow-one-run)
grp_cli_test(compare_missing_fails_on_request 1 "1 missing, 5 same, 1 added\\. FAIL"
             compare ${CMP}/base.json ${CMP}/missing.json --fail-on slower,wrong,missing)
grp_cli_test(compare_no_case_in_common 8 "no case in common.*UNDECIDED: no case was measured on both sides"
             compare ${CMP}/base.json ${CMP}/disjoint.json)
grp_cli_test(compare_no_case_in_common_fail_on_missing 1 "6 missing, 6 added\\. FAIL"
             compare ${CMP}/base.json ${CMP}/disjoint.json --fail-on missing)
grp_cli_test(compare_cold_against_warm_is_refused 2
             "cache states differ: .*base\\.json timed reduce[0-9]/[a-z]+/flat/n=[0-9]+/local=[0-9]+ warm, .*cold\\.json timed it cold \\(run --cache\\)"
             compare ${CMP}/base.json ${CMP}/cold.json)
grp_cli_test(compare_cold_against_cold 0 "6 same\\. PASS"
             compare ${CMP}/cold.json ${CMP}/cold.json --allow-one-run)

# Output formats.
grp_cli_test(compare_markdown 1
             "\\| reduce6/float/flat/n=1048576/local=256 \\| [0-9.]+ us \\| wrong \\|"
             compare ${CMP}/base.json ${CMP}/wrong.json --markdown)
grp_cli_test(compare_json 1 "\"verdict\": \"slower\""
             compare ${CMP}/base.json ${CMP}/slower10.json --json --allow-one-run)
grp_cli_test(compare_csv 1 "^candidate,case,kernel,type,layout,n,local_size,op,verdict,fails,"
             compare ${CMP}/base.json ${CMP}/slower10.json --csv - --allow-one-run)
# --junit and --bmf beside the table, for CI test reports and Bencher (#71 item 10).
add_test(NAME cli.compare_junit_bmf_files
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/junit_bmf.sh ${GRP_BIN} ${GRP_DATA}
                 ${GRP_DATA}/junit/junit.xsd ${CMAKE_CURRENT_BINARY_DIR}/junit-bmf)
set_tests_properties(cli.compare_junit_bmf_files PROPERTIES LABELS cli TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "junit_bmf: ok")
grp_cli_test(compare_json_markdown_exclusive 2 "excludes"
             compare ${CMP}/base.json ${CMP}/slower10.json --json --markdown)
grp_cli_test(compare_matrix 1
             "slower10\\.json +identical\\.json +noisy\\.json"
             compare ${CMP}/base.json ${CMP}/slower10.json ${CMP}/identical.json ${CMP}/noisy.json --allow-one-run)
# Output that is not a terminal carries no ANSI colour codes (expect.sh captures it).
add_test(NAME cli.compare_no_colour_when_piped
  COMMAND ${GRP_EXPECT} 1 "slower \\(fails\\)" --not "\\[[0-9;]*m" --
          ${GRP_BIN} compare ${CMP}/base.json ${CMP}/slower10.json --allow-one-run)
set_tests_properties(cli.compare_no_colour_when_piped PROPERTIES LABELS cli)
grp_cli_test(compare_help_examples 0 "Exit codes: 0 no failing case" compare --help)

# Bad input.
grp_cli_test(compare_truncated_json 5 "truncated\\.json:[0-9]+:[0-9]+: not valid JSON"
             compare ${CMP}/base.json ${CMP}/truncated.json)
grp_cli_test(compare_future_schema 5 "schema version 3\\.0\\.0 is not supported.*schema 1\\.x to 2\\.x"
             compare ${CMP}/base.json ${CMP}/future_schema.json)
grp_cli_test(compare_not_json 5 "compare\\.cmake:1:1: not valid JSON"
             compare ${CMP}/base.json ${CMAKE_CURRENT_LIST_DIR}/compare.cmake)
grp_cli_test(compare_no_such_file 5 "no-such-profile\\.json: cannot open"
             compare ${CMP}/base.json ${CMP}/no-such-profile.json)
grp_cli_test(compare_one_profile_is_usage 2 "needs a baseline and a candidate.*base.json records no duet"
             compare ${CMP}/base.json)
grp_cli_test(compare_empty_fail_on_is_usage 2 "--fail-on"
             compare ${CMP}/base.json ${CMP}/rerun.json --fail-on=)
grp_cli_test(compare_nan_alpha_is_usage 2 "--alpha must be a number between 0 and 0\\.5"
             compare ${CMP}/base.json ${CMP}/rerun.json --alpha nan)
grp_cli_test(merge_writes_a_baseline_of_runs 0 "baseline written to .*: 4 runs, 6 cases"
             merge ${CMP}/runs/run1.json ${CMP}/runs/run2.json ${CMP}/runs/run3.json
                   ${CMP}/runs/run4.json -o ${CMAKE_CURRENT_BINARY_DIR}/merged-baseline.json --force)
grp_cli_test(compare_bad_fail_on 2 "--fail-on: unknown outcome 'faster'"
             compare ${CMP}/base.json ${CMP}/rerun.json --fail-on faster)
grp_cli_test(compare_bad_threshold 2 "--threshold: 'five' is not a percentage"
             compare ${CMP}/base.json ${CMP}/rerun.json --threshold five)
grp_cli_test(compare_bad_alpha 2 "alpha"
             compare ${CMP}/base.json ${CMP}/rerun.json --alpha 2)
# --pair: two kernels of one profile judged on the ratio within each round. In duet.json every
# round's level swings by 10 % (shared), so only the pairing can see reduce6_slow's 10 %.
grp_cli_test(compare_pair_identical_copy_is_same 0 "1 cases: 1 same\\. PASS"
             compare --pair reduce6=reduce6_same ${CMP}/duet.json)
grp_cli_test(compare_pair_slower_copy_fails 1 "1 cases: 1 slower\\. FAIL"
             compare --pair reduce6=reduce6_slow ${CMP}/duet.json)
grp_cli_test(compare_pair_two_candidates_each_judged 1
             "reduce6_same: 1 cases: 1 same\\. PASS.*reduce6_slow: 1 cases: 1 slower\\. FAIL"
             compare --pair reduce6=reduce6_same,reduce6_slow ${CMP}/duet.json)
grp_cli_test(compare_pair_options_line_names_the_unit 1
             "intervals of the ratio within each round over 3 process"
             compare --pair reduce6=reduce6_slow ${CMP}/duet.json)
grp_cli_test(compare_pair_json_says_paired 1 "\"unit\": \"paired rounds\""
             compare --pair reduce6=reduce6_slow ${CMP}/duet.json --json)
grp_cli_test(compare_pair_all_flagged_is_unmeasured_and_fails 1 "1 unmeasured.*FAIL"
             compare --pair reduce0=reduce6 ${CMP}/flagged.json)
grp_cli_test(compare_pair_unknown_kernel_exit_2 2
             "duet.json has no case of kernel 'nope' \\(it has: reduce6, reduce6_same"
             compare --pair reduce6=nope ${CMP}/duet.json)
grp_cli_test(compare_pair_not_old_equals_new_exit_2 2 "--pair 'reduce6' is not OLD=NEW"
             compare --pair reduce6 ${CMP}/duet.json)
grp_cli_test(compare_pair_candidate_named_twice_exit_2 2 "reduce6_slow is named twice"
             compare --pair reduce6=reduce6_slow,reduce6_same,reduce6_slow ${CMP}/duet.json)
grp_cli_test(compare_pair_two_profiles_exit_2 2 "--pair compares kernels of ONE profile"
             compare --pair reduce6=reduce6_slow ${CMP}/duet.json ${CMP}/base.json)

# run --duet records base, candidate and an A/A control (settings.duet): `compare DUET.json`
# judges the control first and the candidate only where the control reads same.
grp_cli_test(compare_duet_control_same_judges_candidate 1
             "A/A control: same in every case.*reduce6: 1 cases: 1 slower\\. FAIL"
             compare ${CMP}/duet_controlled.json)
grp_cli_test(compare_duet_biased_control_exit_9 9
             "built again\\) read \\+8\\.[0-9]+% .*no candidate here.*A/A CONTROL BIASED.*BIASED: 1 of 1 cases not judged"
             compare ${CMP}/duet_biased.json --explain)
# Without --explain a duet opens with its verdict lines, then one row per case with its
# controls, and one line counting the undecided cases (#71 item 5), not their paragraphs.
add_test(NAME cli.compare_duet_verdict_first_one_row_per_case
  COMMAND ${GRP_EXPECT} 9
          "^A/A control: .*A/A CONTROL BIASED.*candidate: .*BIASED: 1 of 1 cases not judged.*case +base +candidate +change +99% interval +verdict +controls.base:reduce6/float/flat/n=1048576/local=256 .* biased +not same: control \\+8\\.00% slower.not decided \\(1\\): compare --explain"
          --not "built again|  not decided" -- ${GRP_BIN} compare ${CMP}/duet_biased.json)
set_tests_properties(cli.compare_duet_verdict_first_one_row_per_case PROPERTIES LABELS cli)
# The candidate's own control (twin:NAME, the candidate built again) 7 % faster than the
# candidate: the base's control alone would have let a +10 % verdict through.
grp_cli_test(compare_duet_biased_twin_exit_9 9
             "\\(the candidate built again\\) read -6\\.96% .*twin:reduce6: 1 cases: 1 faster.*BIASED: 1 of 1 cases not judged"
             compare ${CMP}/duet_twin_biased.json --explain)
grp_cli_test(compare_duet_biased_markdown_headline 9 "### gpu-reduce-prof compare: BIASED"
             compare ${CMP}/duet_biased.json --markdown)
grp_cli_test(compare_duet_pair_uses_the_recorded_control 9 "\"role\": \"control\".*\"biased\": 1"
             compare --pair base:reduce6=reduce6 ${CMP}/duet_biased.json --json)
grp_cli_test(compare_pair_without_control_warns 1 "warning: no A/A control beside reduce6"
             compare --pair reduce6=reduce6_slow ${CMP}/duet.json)

# A duet keeps disturbed rounds by default; --max-cpu-wait sets them aside (then UNDECIDED).
add_test(NAME cli.compare_pair_keeps_disturbed_rounds_by_default
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/duet_disturbed.sh ${GRP_BIN} ${GRP_DATA})
set_tests_properties(cli.compare_pair_keeps_disturbed_rounds_by_default PROPERTIES LABELS cli)
# #68 item 3: a cause for each slower case from check profiles (--work, or X.check.json beside),
# in the console, markdown and JSON; verdicts and exit codes unchanged; the refusals; a stale check.
add_test(NAME cli.compare_cause_of_slower_cases
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/compare_cause.sh ${GRP_BIN} ${GRP_DATA})
set_tests_properties(cli.compare_cause_of_slower_cases PROPERTIES LABELS cli TIMEOUT 120)
