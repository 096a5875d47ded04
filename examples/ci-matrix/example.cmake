# The CI matrix example's final job (merge per device, one report, one compare) on PoCL
# profiles made here, run from a temporary folder.
add_test(NAME example.ci_matrix_collect
  COMMAND ${GRP_EXPECT} 0 "matrix-test: ok"
          -- bash ${CMAKE_CURRENT_LIST_DIR}/test_matrix.sh ${GRP_BIN} ${CMAKE_SOURCE_DIR})
set_tests_properties(example.ci_matrix_collect PROPERTIES LABELS "example;ocl" TIMEOUT 600)
