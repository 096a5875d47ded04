# The static-__local kernel runs at 256 and is skipped, with its reason, at 128.
add_test(NAME example.static_local_block
  COMMAND ${GRP_EXPECT} 0 "block_sum +spec +[0-9.]+ [mu]?s.*spec \\(1 cell\\): kernel runs only at local size 256"
          -- ${GRP_BIN} run -k ${CMAKE_CURRENT_LIST_DIR}/block_sum.json -l 128,256 -n 1M
             --min-samples 3 --max-time 0 --no-peak -q
             -o ${CMAKE_CURRENT_BINARY_DIR}/static_local_block.json --force)
set_tests_properties(example.static_local_block PROPERTIES LABELS example TIMEOUT 300)
