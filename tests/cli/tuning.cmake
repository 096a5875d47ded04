# Tuning spaces on the real binary (PoCL, tiny): a random search is reproducible by --seed,
# successive halving reports a wrong configuration wrong and never best, and the profile's
# "best" section and console table name the winner with its parameters.
set(GRP_KDATA ${GRP_DATA}/kernels)
set(GRP_TUNE_QUICK --runs 1 --rounds 2 --round-spacing 0 --min-samples 2 --max-time 0 --no-peak -q)
string(REPLACE ";" " " GRP_TUNE_QUICK_SH "${GRP_TUNE_QUICK}") # for bash -c strings

# Two runs with one seed pick the same 2 of the 4 configurations (rows of the matrix).
add_test(NAME cli.run_tuning_random_search_repeats_with_its_seed
  COMMAND bash -c "set -e
    rows() { '${GRP_BIN}' run -k '${GRP_KDATA}/tunable_small.json' --search random:2 --seed $1 -l 8 -n 4099 -t int ${GRP_TUNE_QUICK_SH} -o tune_random_$2.json --force | grep -oE 'tunable_small( [A-Z]+=[0-9]+)+' | sort -u; }
    a=$(rows 5 a); b=$(rows 5 b)
    echo \"$a\"; test -n \"$a\"; test \"$a\" = \"$b\"
    test $(printf '%s\\n' \"$a\" | wc -l) -eq 2
    '${GRP_BIN}' validate tune_random_a.json | grep -q ': ok (2 cases'
    grep -q '\"best\"' tune_random_a.json")
set_tests_properties(cli.run_tuning_random_search_repeats_with_its_seed
                     PROPERTIES LABELS cli TIMEOUT 600)

grp_cli_test(run_tuning_halving_never_picks_a_wrong_configuration 1
             "tuned_fault DROP=0 .* ok.*tuned_fault DROP=1 .* wrong.*best configuration.*tuned_fault +1 +DROP=0 .* 1 +1"
             run -k ${GRP_KDATA}/tuned_fault.json --search halving:2 -l 1 -t int -n 1000 ${GRP_TUNE_QUICK}
             -o tune_halving.json --force)

# --resume: a second run over the whole 4-configuration space measures only the 2 the first
# run did not, and writes all 4 (each case's rounds tagged with the run that measured it).
add_test(NAME cli.run_tuning_resume_skips_what_exists
  COMMAND bash -c "set -e
    '${GRP_BIN}' run -k '${GRP_KDATA}/tunable_small.json' --search random:2 --seed 5 -l 8 -n 4099 -t int ${GRP_TUNE_QUICK_SH} -o tune_resume_a.json --force
    '${GRP_BIN}' run -k '${GRP_KDATA}/tunable_small.json' --resume tune_resume_a.json -l 8 -n 4099 -t int ${GRP_TUNE_QUICK_SH} -o tune_resume_b.json --force
    '${GRP_BIN}' validate tune_resume_b.json | grep -q ': ok (4 cases'
    python3 -c \"import json,collections; p=json.load(open('tune_resume_b.json')); a=json.load(open('tune_resume_a.json')); runs=collections.Counter(tuple(sorted({r['run'] for r in c['rounds']})) for c in p['cases']); print(runs); assert runs == {(0,): 2, (1,): 2}, runs; old={json.dumps(c['key'],sort_keys=True) for c in a['cases']}; assert all((json.dumps(c['key'],sort_keys=True) in old) == (c['rounds'][0]['run'] == 0) for c in p['cases'])\"
    ${GRP_EXPECT} 2 'is the input' -- '${GRP_BIN}' run -k '${GRP_KDATA}/tunable_small.json' --resume tune_resume_a.json -o tune_resume_a.json --force")
set_tests_properties(cli.run_tuning_resume_skips_what_exists PROPERTIES LABELS cli TIMEOUT 600)

# A parameter in grid.max_groups ("{G}*cu" on a CPU) gives each configuration its own group
# count; -a/--param replaces a parameter's values (UNROLL=1 leaves the two G configurations),
# and the profile's recorded spec says so.
add_test(NAME cli.run_tuning_param_in_max_groups_and_param_override
  COMMAND bash -c "set -e
    '${GRP_BIN}' run -k '${GRP_KDATA}/tunable_groups.json' -a UNROLL=1 -l 8 -n 4096 -t int ${GRP_TUNE_QUICK_SH} -o tune_groups.json --force
    python3 -c \"import json; p=json.load(open('tune_groups.json')); cu=p['devices'][0]['compute_units']; got=sorted((c['key']['params']['G'], c['passes'][0]['groups']) for c in p['cases']); print(cu, got); assert [k for k,_ in got] == [1, 2], got; assert all(g == min(k * cu, 512) for k, g in got), got; assert p['kernels'][0]['spec']['params']['UNROLL'] == [1]\"
    ${GRP_EXPECT} 2 'no selected kernel has a parameter WIDTH .known: G, UNROLL .tunable_groups.' -- '${GRP_BIN}' run -k '${GRP_KDATA}/tunable_groups.json' -a WIDTH=2 --dry-run")
set_tests_properties(cli.run_tuning_param_in_max_groups_and_param_override
                     PROPERTIES LABELS cli TIMEOUT 600)

# random:N draws N configurations, each at every local size: 2 of 4 at -l 8,16 are 4 cases.
grp_cli_test(run_tuning_random_counts_configurations 0
             "4 cases planned.*tunable_small +4 +0 +int +2\\^12 +8,16 +2"
             run -k ${GRP_KDATA}/tunable_small.json --search random:2 -l 8,16 -n 4096 -t int --dry-run)

# Successive halving's screened cells carry '~' (never '*'), and the legend says what it means.
# The winner's cell may come before or after a screened one (which configuration wins varies).
grp_cli_test(run_tuning_halving_marks_screened_cells 0
             "([0-9.]+ [a-z]+\\*\\*.*[0-9.]+ [a-z]+~ |[0-9.]+ [a-z]+~ .*[0-9.]+ [a-z]+\\*\\*).*~ screened out by successive halving"
             run -k ${GRP_KDATA}/tunable_small.json --search halving:2 -l 8,16 -n 4096 -t int
             ${GRP_TUNE_QUICK} -o tune_screened.json --force)

# Best with ties, on a fabricated profile (tests/data/tuning/ties.json): the rounds of UNROLL=4
# and 2 overlap within +-5 %, UNROLL=1 is twice as slow, so the best line names two
# configurations, not one.
grp_cli_test(report_tuning_best_names_ties_within_noise 0
             "UNROLL=2 and UNROLL=4 are tied .the same within .5 %.. UNROLL=2 has the lowest median: [0-9.]+ [^ ]+ against [0-9.]+ [^ ]+ for UNROLL=4 .the change to it .0.5 % .*-4.8 %, .4.0 %"
             report ${GRP_DATA}/tuning/ties.json --markdown -)
# A sweep without tuning parameters says how far its best stands too: the markdown names what the
# best is not separated from (tests/data/report/sweep.json: one round per case).
# With one round a case has no interval: "not separated", never tied, and the line says why.
grp_cli_test(report_best_of_each_sweep_point_without_tuning 0
             "Best of each sweep point.*local 256 is not separated from local 128 and local 64 .only 1 round: too few"
             report ${GRP_DATA}/report/sweep.json --markdown -)
