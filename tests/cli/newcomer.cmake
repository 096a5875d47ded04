# A newcomer's frictions (#33): errors in the user's terms, a wrong case's reason with -q and no
# further timing, a starter spec for a .cl without one, and run --dry-run.
set(N33_KDATA ${GRP_DATA}/kernels)
add_test(NAME cli.run_build_error_names_the_users_file
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/build_error_mapped.sh ${GRP_BIN} ${N33_KDATA}/broken.json
          run_build_mapped.json)
add_test(NAME cli.run_cl_without_spec_prints_a_starter_that_runs
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/starter_spec.sh ${GRP_BIN} ${N33_KDATA}/nospec/my_sum.cl)
# -q: the reason under the table; the case wrong at its first launch ran no round.
add_test(NAME cli.run_quiet_shows_why_wrong_and_stops_timing_it
  COMMAND bash -c "set -u; out=$('${GRP_BIN}' run -k ${N33_KDATA}/wrong.json -t int -l 64 -n 1000 --runs 1 --rounds 2 --round-spacing 0 --min-samples 3 --max-time 0 --no-peak -q -o run_wrong_q.json --force 2>&1)
    rc=$?; echo \"$out\"; [[ $rc == 1 ]] || { echo \"exit $rc, expected 1\"; exit 1; }
    grep -Eq 'wrong: off_by_n int n=1000 local=64: .*expected .*got .*not timed further once found wrong' <<<\"$out\" || exit 1
    python3 -c \"import json,sys; c=json.load(open('run_wrong_q.json'))['cases'][0]; sys.exit(0 if c['status']=='wrong' and not c['rounds'] and any(n.startswith('not timed further') for n in c['notes']) else 1)\"")
# --dry-run: 2 kernels x 2 types x 2 sizes x 2 local sizes, an estimate, and no profile.
add_test(NAME cli.run_dry_run_prints_the_plan_and_writes_nothing
  COMMAND bash -c "set -u; rm -f run_dry.json
    ${GRP_EXPECT} 0 '16 cases planned, 16 to time, 0 to skip.*reduce2 +8 +0 +float,int +2\\^12,2\\^16 +32,64 .*estimated wall time: about .*how: 10 rounds' -- '${GRP_BIN}' run --dry-run -k reduce2,reduce3 -t int,float -n 4096,2^16 -l 32,64 -o run_dry.json || exit 1
    [[ ! -e run_dry.json ]] || { echo 'a dry run wrote a profile'; exit 1; }")
set_tests_properties(cli.run_build_error_names_the_users_file
                     cli.run_cl_without_spec_prints_a_starter_that_runs
                     cli.run_quiet_shows_why_wrong_and_stops_timing_it
                     cli.run_dry_run_prints_the_plan_and_writes_nothing
                     PROPERTIES LABELS cli TIMEOUT 600)
