# `report` on the real binary: outputs, refusals and exit codes on the fixtures in
# tests/data/report, then the page in headless Chromium (tests/report/browser_test.sh): charts
# with a non-zero size, no console error, a screenshot that is not blank, hostile names as text.
set(GRP_REPORT_DATA ${GRP_DATA}/report)
set(GRP_REPORT_OUT ${CMAKE_CURRENT_BINARY_DIR}/report-out)
file(MAKE_DIRECTORY ${GRP_REPORT_OUT})
# An existing file that the refusal tests aim at; never a source file, in case a refusal broke.
file(WRITE ${GRP_REPORT_OUT}/existing.html "keep me\n")

grp_cli_test(report_writes_html 0 "wrote .*sweep\\.html"
             report ${GRP_REPORT_DATA}/sweep.json -o ${GRP_REPORT_OUT}/sweep.html --force)
grp_cli_test(report_html_to_stdout 0 "Throughput against work-group size.*<svg class=\"chart\""
             report ${GRP_REPORT_DATA}/sweep.json -o -)
grp_cli_test(report_markdown_to_stdout 0 "knee at \\*\\*32\\*\\* work-items"
             report ${GRP_REPORT_DATA}/sweep.json --markdown -)
grp_cli_test(report_markdown_and_html 0 "wrote .*both\\.md"
             report ${GRP_REPORT_DATA}/sweep.json -o ${GRP_REPORT_OUT}/both.html
             --markdown ${GRP_REPORT_OUT}/both.md --force)
grp_cli_test(report_compares_profiles 0 "P2 against P1.*inconclusive"
             report ${GRP_REPORT_DATA}/sweep.json ${GRP_REPORT_DATA}/sweep_b.json -o -)
grp_cli_test(report_compare_threshold_reaches_verdicts 0 "threshold of 50\\.0%"
             report ${GRP_REPORT_DATA}/sweep.json ${GRP_REPORT_DATA}/sweep_b.json -o -
             --threshold 50)
grp_cli_test(report_refuses_to_overwrite 2 "already exists. pass --force"
             report ${GRP_REPORT_DATA}/sweep.json -o ${GRP_REPORT_OUT}/existing.html)
grp_cli_test(report_refuses_to_overwrite_markdown 2 "already exists. pass --force"
             report ${GRP_REPORT_DATA}/sweep.json --markdown ${GRP_REPORT_OUT}/existing.html)
grp_cli_test(report_never_overwrites_an_input 2 "is the input"
             report ${GRP_REPORT_DATA}/sweep.json -o ${GRP_REPORT_DATA}/sweep.json --force)
grp_cli_test(report_needs_an_output 2 "nothing to write. give -o report\\.html"
             report ${GRP_REPORT_DATA}/sweep.json)
grp_cli_test(report_one_stdout_only 2 "both write to stdout"
             report ${GRP_REPORT_DATA}/sweep.json -o - --markdown -)
grp_cli_test(report_needs_a_profile 2 "profiles is required" report -o -)
grp_cli_test(report_bad_json_exit_5 5 "not_json\\.json:2:1: not valid JSON"
             report ${GRP_REPORT_DATA}/not_json.json -o -)
grp_cli_test(report_missing_profile_exit_5 5 "no-such\\.json: cannot open profile"
             report ${GRP_REPORT_DATA}/no-such.json -o -)
grp_cli_test(report_unwritable_output_exit_5 5 "cannot write the HTML report .*no-such-dir/r.html.*does not exist"
             report ${GRP_REPORT_DATA}/sweep.json -o ${GRP_REPORT_OUT}/no-such-dir/r.html)
grp_cli_test(report_help_has_examples 0 "Examples:.*report p\\.json -o report\\.html"
             report --help)

# Hostile strings never leave the text: neither in the page nor in the markdown. ('.' stands for
# the ';' of an entity: a semicolon would split the CMake argument.)
add_test(NAME cli.report_hostile_html_escaped
  COMMAND ${GRP_EXPECT} 0 "&lt.script&gt.alert\\(1\\)&lt./script&gt.&quot.&#39."
          --not "<script>alert|<img|<iframe|<marquee|<svg onload"
          -- ${GRP_BIN} report ${GRP_REPORT_DATA}/hostile.json -o -)
add_test(NAME cli.report_hostile_markdown_escaped
  COMMAND ${GRP_EXPECT} 0 "&lt.img src=x onerror=alert\\(2\\)&gt."
          --not "<script|<img|<iframe|<marquee|<svg"
          -- ${GRP_BIN} report ${GRP_REPORT_DATA}/hostile.json --markdown -)
set_tests_properties(cli.report_hostile_html_escaped cli.report_hostile_markdown_escaped
  PROPERTIES LABELS cli)

# Headless Chromium. One browser at a time (RESOURCE_LOCK) keeps a small CI machine responsive;
# the generous timeout covers a cold browser start. A missing chromium fails with how to fix it.
set(GRP_BROWSER_TEST ${CMAKE_SOURCE_DIR}/tests/report/browser_test.sh)
set(GRP_BROWSER_OUT ${CMAKE_CURRENT_BINARY_DIR}/report-browser)
# The best configuration's tie sentence shows on the page (what each best is not separated from).
add_test(NAME report.browser_fixture
  COMMAND bash ${GRP_BROWSER_TEST} ${GRP_BIN} ${GRP_BROWSER_OUT}/fixture --min-charts 5
          --sections best-config --has-text "local 256 is not separated from local 128"
          -- ${GRP_REPORT_DATA}/sweep.json)
add_test(NAME report.browser_compare
  COMMAND bash ${GRP_BROWSER_TEST} ${GRP_BIN} ${GRP_BROWSER_OUT}/compare --min-charts 8
          -- ${GRP_REPORT_DATA}/sweep.json ${GRP_REPORT_DATA}/sweep_b.json)
add_test(NAME report.browser_hostile_name_is_text
  COMMAND bash ${GRP_BROWSER_TEST} ${GRP_BIN} ${GRP_BROWSER_OUT}/hostile --min-charts 1 --hostile
          -- ${GRP_REPORT_DATA}/hostile.json)
# The report of a real PoCL run, as CI makes it: a small sweep, then the page.
add_test(NAME report.browser_pocl_run
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/report/pocl_run_test.sh ${GRP_BIN}
          ${GRP_BROWSER_OUT}/pocl)
# The overlaid, size and sample-distribution charts of two small PoCL runs (--log-time).
add_test(NAME report.browser_overlay_sizes_and_samples
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/report/charts_test.sh ${GRP_BIN}
          ${GRP_BROWSER_OUT}/charts)
# Three profiles, one of them a CPU run at one local size (#33): the link bar wraps (the page's
# self-check measures that nothing scrolls sideways), that profile's throughput is bars, and
# matrix, throughput and samples are one section each with every profile in their charts.
add_test(NAME report.browser_three_profiles_one_local_size
  COMMAND bash ${GRP_BROWSER_TEST} ${GRP_BIN} ${GRP_BROWSER_OUT}/three --min-charts 8
          --charts-in throughput,samples --bars-in throughput
          -- ${GRP_REPORT_DATA}/sweep.json ${GRP_REPORT_DATA}/sweep_b.json
          ${GRP_REPORT_DATA}/one_local.json)
# A page per profile kind (#50): a check profile shows findings and counts and no timing
# section; a duet's shows its verdicts, controls first; two devices show the cross-device table.
add_test(NAME report.browser_check_profile_has_findings_not_timing
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/report/check_page_test.sh ${GRP_BIN}
          ${GRP_BROWSER_OUT}/check)
add_test(NAME report.browser_scenario_profile_has_no_sweep_sections
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/report/scenario_page_test.sh ${GRP_BIN}
          ${GRP_BROWSER_OUT}/scenario)
add_test(NAME report.browser_sharded_profile_has_the_fleet
  COMMAND bash ${GRP_BROWSER_TEST} ${GRP_BIN} ${GRP_BROWSER_OUT}/fleet --min-charts 0
          --sections fleet,summary,verification --has-text "slower than the fleet"
          -- ${GRP_DATA}/fleet/four_cards.json)
add_test(NAME report.browser_duet_profile_has_its_verdicts
  COMMAND bash ${GRP_BROWSER_TEST} ${GRP_BIN} ${GRP_BROWSER_OUT}/duet --min-charts 1
          --sections duet,verification --has-text "A/A control: " --has-text "duet_biased.json:control:reduce6 against"
          --has-text "BIASED"
          -- ${GRP_DATA}/compare/duet_biased.json)
add_test(NAME report.browser_two_devices_have_the_cross_device_table
  COMMAND bash ${GRP_BROWSER_TEST} ${GRP_BIN} ${GRP_BROWSER_OUT}/cross --min-charts 1
          --sections comparison --has-text "across devices (base NVIDIA H100 80GB HBM3"
          --has-text "2541x slower"
          -- ${GRP_DATA}/compare/cross/h100_default.json ${GRP_DATA}/compare/cross/pocl_default.json)
set_tests_properties(report.browser_fixture report.browser_compare
  report.browser_hostile_name_is_text report.browser_pocl_run
  report.browser_overlay_sizes_and_samples report.browser_three_profiles_one_local_size
  report.browser_check_profile_has_findings_not_timing report.browser_duet_profile_has_its_verdicts
  report.browser_two_devices_have_the_cross_device_table
  report.browser_scenario_profile_has_no_sweep_sections report.browser_sharded_profile_has_the_fleet
  PROPERTIES LABELS "cli;browser" TIMEOUT 900 RESOURCE_LOCK chromium)

# The fixtures are what `run` writes: they pass the profile schema too.
grp_cli_test(report_fixtures_match_the_schema 0 "hostile\\.json: ok.*one_local\\.json: ok"
             validate ${GRP_REPORT_DATA}/sweep.json ${GRP_REPORT_DATA}/sweep_b.json
             ${GRP_REPORT_DATA}/hostile.json ${GRP_REPORT_DATA}/one_local.json)

# A device or FIFO (/dev/null, /dev/stdout, a named pipe) is written in place: the atomic
# rename would replace the node with a file. Tested on a FIFO of our own, never on /dev/null.
# A FIFO with no reader fails at once (never blocks): until the background reader has opened
# it, report is retried, so a loaded machine cannot make this flaky.
add_test(NAME cli.report_to_a_fifo_writes_in_place
  COMMAND sh -c "rm -f \"$2/fifo\" \"$2/fifo.out\" && mkfifo \"$2/fifo\" && \
    (timeout 60 cat \"$2/fifo\" > \"$2/fifo.out\" &) && \
    i=0; until \"$0\" report \"$1\" --markdown \"$2/fifo\" 2>/dev/null; do \
      i=$((i + 1)); [ $i -lt 200 ] || exit 1; sleep 0.1; done && \
    test -p \"$2/fifo\" && for j in $(seq 1 200); do \
      grep -q 'gpu-reduce-prof summary' \"$2/fifo.out\" && echo ok-fifo && break; sleep 0.1; done"
          ${GRP_BIN} ${GRP_REPORT_DATA}/sweep.json ${GRP_REPORT_OUT})
set_tests_properties(cli.report_to_a_fifo_writes_in_place PROPERTIES LABELS cli
  PASS_REGULAR_EXPRESSION "ok-fifo" TIMEOUT 120)
