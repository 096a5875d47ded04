# The Kubernetes Indexed Job's container command, run three times on PoCL as the Job's pods
# would be (JOB_COMPLETION_INDEX 0..2), then the shards merged.
add_test(NAME example.kubernetes_indexed_job
  COMMAND ${GRP_EXPECT} 0 "kubernetes-test: ok"
          -- bash ${CMAKE_CURRENT_LIST_DIR}/test_indexed_job.sh ${GRP_BIN} ${CMAKE_SOURCE_DIR})
set_tests_properties(example.kubernetes_indexed_job PROPERTIES LABELS "example;ocl" TIMEOUT 600)
