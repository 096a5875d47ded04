# An SDK-signature spec describing a .cl elsewhere: every case verifies (exit 0, no WRONG).
add_test(NAME example.sdk_signature
  COMMAND ${GRP_EXPECT} 0 "int, flat, n=1.00M: median time.*sdk_reduce6 +[0-9.]+ [mu]?s"
          --not "WRONG|failed"
          -- ${GRP_BIN} run -k ${CMAKE_CURRENT_LIST_DIR}/sdk_reduction.json -t int,float
             -l 128,256 -n 1000003 --min-samples 3 --max-time 0 --no-peak -q
             -o ${CMAKE_CURRENT_BINARY_DIR}/sdk_signature.json --force)
set_tests_properties(example.sdk_signature PROPERTIES LABELS example TIMEOUT 300)
