# The CI gate (examples/ci/ci-gate.sh) as CTest runs it. The first test does what a CI job does,
# on PoCL: sweep, compare with profiles/baselines/pocl-ci.json, write the job summary. It gates
# on results only (--fail-on wrong,missing,unmeasured): a CI test must never depend on timing,
# and a cloned VM may even share the baseline's machine id. The others feed fixed profiles from
# tests/data/compare to show that the default policy does fail, deterministically, on a
# regression and a wrong result, and reports without failing against another machine.
set(GRP_CI_GATE ${CMAKE_CURRENT_LIST_DIR}/ci-gate.sh)
set(GRP_CI_FIXTURES ${CMAKE_SOURCE_DIR}/tests/data/compare)
set(GRP_CI_SUMMARY ${CMAKE_CURRENT_BINARY_DIR}/ci-step-summary.md)

add_test(NAME example.ci_gate_pocl
  COMMAND ${CMAKE_COMMAND} -E env GITHUB_STEP_SUMMARY=${GRP_CI_SUMMARY}
          ${GRP_EXPECT} 0 "ci-gate: PASS \\(fail on wrong,missing,unmeasured\\)"
          -- ${GRP_CI_GATE} --binary ${GRP_BIN} --fail-on wrong,missing,unmeasured
             --output ${CMAKE_CURRENT_BINARY_DIR}/ci-candidate.json)
set_tests_properties(example.ci_gate_pocl PROPERTIES LABELS "example;ocl" TIMEOUT 600
                     FIXTURES_SETUP ci_gate_summary)
# The job summary got the markdown comparison. The gate appends, as GitHub's summary file
# expects, so the file is removed first.
add_test(NAME example.ci_gate_summary_cleanup
  COMMAND ${CMAKE_COMMAND} -E rm -f ${GRP_CI_SUMMARY})
set_tests_properties(example.ci_gate_summary_cleanup PROPERTIES FIXTURES_SETUP ci_gate_clean)
set_tests_properties(example.ci_gate_pocl PROPERTIES FIXTURES_REQUIRED ci_gate_clean)
add_test(NAME example.ci_gate_summary
  COMMAND ${GRP_EXPECT} 0 "^### gpu-reduce-prof compare: PASS" -- cat ${GRP_CI_SUMMARY})
set_tests_properties(example.ci_gate_summary PROPERTIES LABELS example
                     FIXTURES_REQUIRED ci_gate_summary)

add_test(NAME example.ci_gate_fails_on_regression
  COMMAND ${GRP_EXPECT} 1 "ci-gate: FAIL: regression against base.json"
          -- ${GRP_CI_GATE} --binary ${GRP_BIN} --baseline ${GRP_CI_FIXTURES}/base.json
             --candidate ${GRP_CI_FIXTURES}/slower10.json -- --allow-one-run)
set_tests_properties(example.ci_gate_fails_on_regression PROPERTIES LABELS example)
add_test(NAME example.ci_gate_one_run_each_is_not_gated
  COMMAND ${GRP_EXPECT} 8 "ci-gate: NOT GATED: baseline and candidate are one run each"
          -- ${GRP_CI_GATE} --binary ${GRP_BIN} --baseline ${GRP_CI_FIXTURES}/base.json
             --candidate ${GRP_CI_FIXTURES}/slower10.json)
set_tests_properties(example.ci_gate_one_run_each_is_not_gated PROPERTIES LABELS example)
add_test(NAME example.ci_gate_tolerant_still_fails_on_wrong
  COMMAND ${GRP_EXPECT} 1 "reduce6/float/.*wrong \\(fails\\)"
          -- ${GRP_CI_GATE} --binary ${GRP_BIN} --fail-on wrong,missing
             --baseline ${GRP_CI_FIXTURES}/base.json --candidate ${GRP_CI_FIXTURES}/wrong.json)
set_tests_properties(example.ci_gate_tolerant_still_fails_on_wrong PROPERTIES LABELS example)
add_test(NAME example.ci_gate_tolerant_ignores_timing
  COMMAND ${GRP_EXPECT} 0 "ci-gate: PASS"
          -- ${GRP_CI_GATE} --binary ${GRP_BIN} --fail-on wrong,missing
             --baseline ${GRP_CI_FIXTURES}/base.json --candidate ${GRP_CI_FIXTURES}/slower10.json)
set_tests_properties(example.ci_gate_tolerant_ignores_timing PROPERTIES LABELS example)
add_test(NAME example.ci_gate_missing_baseline
  COMMAND ${GRP_EXPECT} 2 "no baseline at .*--update-baseline"
          -- ${GRP_CI_GATE} --binary ${GRP_BIN} --baseline ${CMAKE_CURRENT_BINARY_DIR}/none.json
             --candidate ${GRP_CI_FIXTURES}/base.json)
set_tests_properties(example.ci_gate_missing_baseline PROPERTIES LABELS example)
add_test(NAME example.ci_gate_cross_machine_reports_timing
  COMMAND ${GRP_EXPECT} 0 "timing is shown, not gated.*ci-gate: PASS"
          -- ${GRP_CI_GATE} --binary ${GRP_BIN} --baseline ${GRP_CI_FIXTURES}/base.json
             --candidate ${GRP_CI_FIXTURES}/other_host.json -- --allow-one-run)
set_tests_properties(example.ci_gate_cross_machine_reports_timing PROPERTIES LABELS example)
# One kernel: the merge of two sweeps (six processes) is what it pins, not the sweep's size.
add_test(NAME example.ci_gate_update_baseline_merges_runs
  COMMAND ${GRP_EXPECT} 0 "baseline written to .*: 6 runs.*2 sweeps on"
          -- ${GRP_CI_GATE} --binary ${GRP_BIN} --update-baseline --runs 2 --kernels reduce6
             --baseline ${CMAKE_CURRENT_BINARY_DIR}/ci-made-here.json)
set_tests_properties(example.ci_gate_update_baseline_merges_runs PROPERTIES LABELS "example;ocl"
                     TIMEOUT 600)

# The action's script (examples/ci/action/gate.sh) run as a user's repository would: from a
# temporary folder outside this tree, a user spec copied there, on PoCL with tiny sizes.
add_test(NAME example.ci_action_outside_the_tree
  COMMAND ${GRP_EXPECT} 0 "action-test: ok"
          -- bash ${CMAKE_CURRENT_LIST_DIR}/action/test_action.sh ${GRP_BIN} ${CMAKE_SOURCE_DIR})
set_tests_properties(example.ci_action_outside_the_tree PROPERTIES LABELS "example;ocl"
                     TIMEOUT 600)

# The check gate (examples/ci/check-gate.sh) on the Oclgrind simulator: the candidate's kernels
# checked (a race fails), and with --base their work counts gated against the base revision's.
set(GRP_CHECK_GATE ${CMAKE_CURRENT_LIST_DIR}/check-gate.sh)
set(GRP_CHECK_DATA ${CMAKE_SOURCE_DIR}/tests/data/check)
add_test(NAME example.check_gate_same_work_passes
  COMMAND ${GRP_EXPECT} 0 "PASS: 2 same-work.*check-gate: PASS"
          -- ${GRP_CHECK_GATE} --binary ${GRP_BIN} --kernels ${GRP_CHECK_DATA}/gate_base.json
             --base ${GRP_CHECK_DATA}/gate_base.json -- -l 64,128)
add_test(NAME example.check_gate_more_work_fails
  COMMAND ${GRP_EXPECT} 1 "more-work.*check-gate: FAIL"
          -- ${GRP_CHECK_GATE} --binary ${GRP_BIN} --kernels ${GRP_CHECK_DATA}/gate_more.json
             --base ${GRP_CHECK_DATA}/gate_base.json -- -l 64,128)
add_test(NAME example.check_gate_race_fails
  COMMAND ${GRP_EXPECT} 1 "warp_tail .* unsafe .*check-gate: FAIL"
          -- ${GRP_CHECK_GATE} --binary ${GRP_BIN} --kernels ${GRP_CHECK_DATA}/user.json -- -l 64)
set_tests_properties(example.check_gate_same_work_passes example.check_gate_more_work_fails
                     example.check_gate_race_fails PROPERTIES LABELS example TIMEOUT 600)
# The duet mode (--mode auto picks it for one spec file that git tracks at the base revision):
# a temporary repository whose kernel changed since its commit, timed against that commit.
add_test(NAME example.ci_gate_duet_mode
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/duet_mode_test.sh ${GRP_BIN} ${GRP_CI_GATE}
          ${CMAKE_SOURCE_DIR}/examples/static-local-block ${CMAKE_CURRENT_BINARY_DIR}/duet-mode)
set_tests_properties(example.ci_gate_duet_mode PROPERTIES LABELS "example;ocl" TIMEOUT 600)
# The history gate (examples/ci/history-gate.sh) after each merge: profiles kept on a perf-data
# branch of a temporary repository, `history` judging them, the step found at its commit.
add_test(NAME example.history_gate_after_each_merge
  COMMAND ${GRP_EXPECT} 0 "history-gate-test: ok"
          -- bash ${CMAKE_CURRENT_LIST_DIR}/history_gate_test.sh ${GRP_BIN}
             ${CMAKE_CURRENT_LIST_DIR}/history-gate.sh)
set_tests_properties(example.history_gate_after_each_merge PROPERTIES LABELS "example;ocl"
                     TIMEOUT 600)
# After the history gate failed: bisect-on-failure.sh bisects the failing step's range and posts
# the first bad commit (a small history of tests/data/bisect/make_history.sh, on PoCL).
add_test(NAME example.bisect_on_failure
  COMMAND ${GRP_EXPECT} 0 "bisect-on-failure-test: ok"
          -- bash ${CMAKE_CURRENT_LIST_DIR}/bisect_on_failure_test.sh ${GRP_BIN}
             ${CMAKE_CURRENT_LIST_DIR}/bisect-on-failure.sh
             ${CMAKE_SOURCE_DIR}/tests/data/bisect/make_history.sh)
set_tests_properties(example.bisect_on_failure PROPERTIES LABELS "example;ocl" TIMEOUT 600)
# ci-gate.sh around a stand-in binary (no device, under a second): --run-args reaches the sweep,
# and an undecided duet's "to decide" re-runs the gate with the plan's budget (#71).
add_test(NAME example.ci_gate_plan_reruns_the_gate
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/ci_gate_plan_test.sh ${GRP_CI_GATE}
          ${CMAKE_CURRENT_BINARY_DIR}/ci-gate-plan)
set_tests_properties(example.ci_gate_plan_reruns_the_gate PROPERTIES LABELS example
                     PASS_REGULAR_EXPRESSION "ci_gate_plan_test: ok")
# The pull-request comment (examples/ci/pr-comment.py) against a fake GitHub API in the test's
# own process: one comment upserted by its marker over two pages of comments, never another's
# touched, a long body cut, an API error named (#71 item 9); then check-run.py's check run and
# its annotations, 50 to a request. No device, about two seconds.
add_test(NAME example.ci_pr_comment_upsert
  COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/pr_comment_test.py
          ${CMAKE_CURRENT_LIST_DIR}/pr-comment.py ${CMAKE_CURRENT_BINARY_DIR}/pr-comment)
set_tests_properties(example.ci_pr_comment_upsert PROPERTIES LABELS example TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "pr_comment_test: ok")
