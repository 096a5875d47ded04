# Issue #31, item 4 on the real binary: gates that refuse wrong inputs. --pair only on a duet,
# a run counted once however many copies are given, a round's run read as 64 bits and listed
# in runs[] (for validate and every reader alike), and files after `--`. The fixtures are
# tests/data/gates (make_fixtures.py says how each was made); no test runs a kernel.
set(GATES ${GRP_DATA}/gates)
set(GATES_CMP ${GRP_DATA}/compare)
set(GATES_OUT ${CMAKE_CURRENT_BINARY_DIR}/gates-out)
file(MAKE_DIRECTORY ${GATES_OUT})
# gates_sh(NAME SCRIPT-TEXT): a bash test; the script sees $bin, $expect, $out, $data.
function(gates_sh name script)
  add_test(NAME cli.${name}
    COMMAND bash -c "set -eu; bin='${GRP_BIN}'; expect='${GRP_EXPECT}'; out='${GATES_OUT}'; data='${GATES}'; ${script}")
  set_tests_properties(cli.${name} PROPERTIES LABELS cli TIMEOUT 600)
endfunction()

# 1. --pair on a merge of two separate runs (one kernel each): the kernels never shared a
#    round, so nothing can be paired. It passed (later: UNDECIDED); now a usage error saying why
#    and how to make a duet.
gates_sh(compare_pair_on_a_merge_of_separate_runs_exit_2
  "\$bin merge \$data/split_base.json \$data/split_cand.json -o \$out/split.json --force >/dev/null 2>&1; \$expect 2 'split.json is not a duet: reduce6 and reduce6_slow never shared a round \\(reduce6 ran in run 0 \\(.*split_base.json\\), reduce6_slow in run 1 \\(.*split_cand.json\\).*measure them in one invocation \\(run -k reduce6,reduce6_slow, or run --duet\\)' --not 'PASS|UNDECIDED' -- \$bin compare --pair reduce6=reduce6_slow \$out/split.json")
#    (--pair a=b,b is a usage error: compare.cmake, compare_pair_candidate_named_twice_exit_2.)

# 2. A run counts once: copies of base.json with another run id, or none, are known by their
#    samples; three copies given to --base judge as the one run they are (against slower2.json
#    6 same, as base.json alone gives; counted as three runs they gave 2 inconclusive).
grp_cli_test(merge_a_copy_with_another_run_id_counts_once 0
             "base_other_id.json repeats 1 of its 1 run\\(s\\) already merged from .*compare/base.json.*baseline written to .*: 1 runs, 6 cases"
             merge ${GATES_CMP}/base.json ${GATES}/base_other_id.json -o ${GATES_OUT}/copies.json --force)
grp_cli_test(compare_base_given_three_copies_is_one_run 0
             "repeats 1 of its 1 run\\(s\\) already merged from .*base.json.*6 cases: 6 same\\. PASS"
             compare --base ${GATES_CMP}/base.json --base ${GATES}/base_other_id.json
             --base ${GATES}/base_no_id.json ${GATES_CMP}/slower2.json --allow-one-run)

# 3. A round's run is 64-bit and must be listed: run 2^32 + 1 was read as run 1 (another
#    process) and validated; now validate and every reader refuse it, naming case and round.
set(GATES_WRAP "run_index_wraps.json: /cases/2/rounds/3/run: 4294967297 names no run \\(case reduce3/float/flat/n=1048576/local=256")
grp_cli_test(validate_run_index_beyond_32_bits_exit_5 5 "${GATES_WRAP}"
             validate ${GATES}/run_index_wraps.json)
grp_cli_test(compare_run_index_beyond_32_bits_exit_5 5 "${GATES_WRAP}"
             compare ${GATES}/run_index_wraps.json ${GATES_CMP}/base.json)
grp_cli_test(compare_pair_run_index_beyond_32_bits_exit_5 5 "${GATES_WRAP}"
             compare --pair reduce0=reduce3 ${GATES}/run_index_wraps.json)
set(GATES_UNLISTED "run_not_listed.json: /cases/2/rounds/3/run: 1 names no run .*runs\\[\\] lists 1")
grp_cli_test(validate_round_of_an_unlisted_run_exit_5 5 "${GATES_UNLISTED}"
             validate ${GATES}/run_not_listed.json)
grp_cli_test(merge_round_of_an_unlisted_run_exit_5 5 "${GATES_UNLISTED}"
             merge ${GATES}/run_not_listed.json -o ${GATES_OUT}/unlisted.json --force)
grp_cli_test(report_round_of_an_unlisted_run_exit_5 5 "${GATES_UNLISTED}"
             report ${GATES}/run_not_listed.json -o -)

# 5. Files after `--` once other files were given, in every command that takes files.
grp_cli_test(compare_file_after_double_dash 0 "6 cases: 6 same\\. PASS"
             compare --allow-one-run ${GATES_CMP}/base.json -- ${GATES_CMP}/identical.json)
grp_cli_test(validate_file_after_double_dash 0 "base.json: ok.*rerun.json: ok"
             validate ${GATES_CMP}/base.json -- ${GATES_CMP}/rerun.json)
grp_cli_test(merge_file_after_double_dash 0 "baseline written to .*: 2 runs, 6 cases"
             merge -o ${GATES_OUT}/dash.json --force ${GATES_CMP}/base.json -- ${GATES_CMP}/rerun.json)
