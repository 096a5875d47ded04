# Operators other than sum (run --op) on the real binary (PoCL, tiny sizes): the ladder's
# min, max and product verified exactly for every type, float products skipped with a reason,
# and a min kernel that pads with 0 (the wrong identity) reported wrong.
set(GRP_KDATA ${GRP_DATA}/kernels)
set(GRP_OPS_QUICK --runs 1 --rounds 2 --round-spacing 0 --min-samples 2 --max-time 0 --no-peak -q)
string(REPLACE ";" " " GRP_OPS_QUICK_SH "${GRP_OPS_QUICK}") # for bash -c strings

# Kernels of each shape: the tree with padding (reduce2), the grid-stride loop with nIsPow2
# (reduce6), vector loads with a scalar tail (reduce_vec4) and the last-group finish
# (reduce_onepass). n = 1, 17 (a product with few factors of two), 1000 (padding in the last
# group) and 4099 (two passes, a tail).
add_test(NAME cli.run_operators_verify_exactly_on_every_type
  COMMAND bash -c "set -e
    '${GRP_BIN}' run -k reduce2,reduce6,reduce_vec4,reduce_onepass --op min,max,product -t int,uint,float,double -l 8 -n 1,17,1000,4099 ${GRP_OPS_QUICK_SH} -o ops_ladder.json --force
    python3 - ops_ladder.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
seen = {}
for c in p['cases']:
    k = c['key']
    seen[k['op']] = seen.get(k['op'], 0) + 1
    if k['op'] == 'product' and k['type'] in ('float', 'double'):
        assert c['status'] == 'skipped' and 'product of' in c['reason'], c
    else:
        assert c['status'] == 'ok', (k, c['status'], c.get('reason'))
        assert c['result'] == c['reference'], (k, c['result'], c['reference'])
        if k['op'] == 'product' and k['n'] == 17:
            # Fewer than 20 factors of two: a changed odd factor changes the result.
            assert int(c['reference'][0]) % 2**20 != 0, c
print(seen)
assert seen == {'min': 64, 'max': 64, 'product': 64}, seen
PY
    '${GRP_BIN}' validate ops_ladder.json | grep -q ': ok (192 cases'")
set_tests_properties(cli.run_operators_verify_exactly_on_every_type
                     PROPERTIES LABELS cli TIMEOUT 600)

grp_cli_test(run_operator_with_the_wrong_identity_is_wrong 1
             "min_zero_padding op=min +uint .*wrong.*min_zero_padding op=min +float .*wrong"
             run -k ${GRP_KDATA}/wrong_identity.json --op min -t uint,float -l 8 -n 1001
             ${GRP_OPS_QUICK} -o ops_wrong_identity.json --force)

# A kernel that does not declare an operator skips its cases (never runs them as a sum).
grp_cli_test(run_operator_not_declared_is_skipped 7 "kernel does not declare operator max"
             run -k reduce_chunk --op max -t int -l 8 -n 1000 ${GRP_OPS_QUICK}
             -o ops_undeclared.json --force)
