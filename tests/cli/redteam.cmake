# The red team (tests/data/redteam/redteam.cl, redteam_cl20.cl, redteam.json): float reductions
# that try to look fast without doing the work. Each test runs one of them beside its honest twin
# (redteam.sh) and fails when the kernel ends `ok` while faster than the twin; `wrong`,
# `implausible` or, for the racy rt_race_tail, `unsafe` under check are the outcomes that pass.
# Do not weaken a test to pass.
set(GRP_REDTEAM ${GRP_DATA}/redteam)
foreach(k rt_stale_output rt_sniff rt_sample8 rt_group0_half rt_memo_keyed rt_memo_unkeyed
          rt_race_tail rt_pow2_half rt_neighbour rt_scratch)
  add_test(NAME cli.redteam_${k}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/redteam.sh ${GRP_BIN} ${GRP_REDTEAM} ${k})
  set_tests_properties(cli.redteam_${k} PROPERTIES LABELS cli TIMEOUT 120)
endforeach()
# rt_memo_keyed (partials in program-scope memory keyed on n and four input values) escaped
# fresh data every round, ok and 4-7x faster than its twin, until one value changed before every
# timed launch (input_store::perturb).
# The sniffer on a 2-group grid: its declared summation depth makes the tolerance wide enough to
# hide every-8th-element sampling at 2^22 elements (not at 2^18), against the twin on that grid.
add_test(NAME cli.redteam_rt_sniff_deep
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/redteam.sh ${GRP_BIN} ${GRP_REDTEAM} rt_sniff_deep 2^22)
set_tests_properties(cli.redteam_rt_sniff_deep PROPERTIES LABELS cli TIMEOUT 120)
# The precision red team (precision.sh): narrower accumulators than the declared type, caught
# only by the precision check; their honest twins (one of them a single long chain per
# work-item) stay ok. Powers of two, an odd size and a size past one block per record.
add_test(NAME cli.precision_narrow_accumulators_are_wrong
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/precision.sh ${GRP_BIN} ${GRP_DATA}/precision
                 2^10,2^16,100003,2^20)
set_tests_properties(cli.precision_narrow_accumulators_are_wrong PROPERTIES LABELS cli
                     TIMEOUT 300)
# Size honesty (sizes.sh): a float4 kernel without its tail loop, right at every power of two,
# is wrong at the held-out size; its twin with the tail stays ok.
add_test(NAME cli.sizes_tail_dropping_kernel_is_wrong
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/sizes.sh ${GRP_BIN} ${GRP_DATA}/sizes)
set_tests_properties(cli.sizes_tail_dropping_kernel_is_wrong PROPERTIES LABELS cli TIMEOUT 300)
