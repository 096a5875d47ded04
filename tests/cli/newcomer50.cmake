# What a newcomer trips on, round 3 (#50): a spec's declared types run without -t; the starter
# spec's own way out (run --print-spec) and a spec made by redirecting stderr into it; compare
# --markdown in report's forms.
set(N50_KDATA ${GRP_DATA}/kernels)
# reqd64.json declares int only: without -t its cases are planned at int and checked there
# (they were skipped at float, exit 7); a built-in beside it keeps float. The plan (--dry-run:
# nothing built, quick) is run's; check runs them on the simulator.
grp_cli_test(run_without_t_plans_the_types_a_spec_declares 0
  "2 cases planned, 2 to time, 0 to skip.*sum_reqd64 +1 +0 +int +2\\^12 +64 .*reduce2 +1 +0 +float +2\\^12 +64 "
  run --dry-run -k ${N50_KDATA}/reqd64.json,reduce2 -l 64 -n 4096)
grp_cli_test(check_without_t_checks_the_types_a_spec_declares 0
  "sum_reqd64 +int .* ok"
  check -k ${N50_KDATA}/reqd64.json -l 64 -n 256 -q -o check_spec_types.json --force)
add_test(NAME cli.run_print_spec_and_a_spec_made_by_redirecting_stderr
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/starter_print_spec.sh ${GRP_BIN} ${N50_KDATA}/nospec/my_sum.cl)
set_tests_properties(cli.run_print_spec_and_a_spec_made_by_redirecting_stderr
                     PROPERTIES LABELS cli TIMEOUT 600)
# compare --markdown takes report's forms: a FILE (the table stays on stdout), '-', or nothing
# (stdout); a profile's name after it is refused, never written over.
set(N50_CMP ${GRP_DATA}/compare)
grp_cli_test(compare_markdown_dash_prints_markdown 8
  "### gpu-reduce-prof compare: NOT GATED"
  compare ${N50_CMP}/base.json ${N50_CMP}/slower10.json --markdown -)
grp_cli_test(compare_markdown_alone_still_prints_markdown 8
  "### gpu-reduce-prof compare: NOT GATED"
  compare ${N50_CMP}/base.json ${N50_CMP}/slower10.json --markdown)
add_test(NAME cli.compare_markdown_file_keeps_the_table_on_stdout
  COMMAND bash -c "set -u; rm -f compare_md50.txt
    ${GRP_EXPECT} 8 'candidate: .*slower10.json.*reduce6/int/flat/n=1048576/local=256 .* slower' --not '### gpu-reduce-prof' -- '${GRP_BIN}' compare ${N50_CMP}/base.json ${N50_CMP}/slower10.json --markdown compare_md50.txt || exit 1
    grep -q '^### gpu-reduce-prof compare: NOT GATED' compare_md50.txt || { echo 'no markdown in the file'; cat compare_md50.txt; exit 1; }")
set_tests_properties(cli.compare_markdown_file_keeps_the_table_on_stdout
                     PROPERTIES LABELS cli TIMEOUT 600)
grp_cli_test(compare_markdown_before_the_profiles_is_refused 2
  "--markdown .*base.json: --markdown takes the file to write .*put --markdown after the profiles"
  compare --markdown ${N50_CMP}/base.json ${N50_CMP}/slower10.json)
# compare --csv carries the cross-device table too: a row per kernel, verdict cross-device-best,
# the GB/s ratio (base / candidate) and both winners in the note (it held cases only).
grp_cli_test(compare_csv_has_the_cross_device_rows 8
  "reduce0/float/flat,reduce0,float,flat,,,sum,cross-device-best,0,.*,1,0,.best configurations: base reduce0/float/flat/n=1048576/local=256 on Test GPU A"
  compare ${N50_CMP}/base.json ${N50_CMP}/other_device.json --csv -)
# A duet's markdown summary holds the duet's verdicts, controls first, as compare prints them.
grp_cli_test(report_markdown_of_a_duet_has_its_verdicts 0
  "### Duet: BIASED.*control:reduce6`: 1 cases: 1 slower. A/A CONTROL BIASED"
  report ${N50_CMP}/duet_biased.json --markdown -)
