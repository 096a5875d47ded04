# The Kubernetes Indexed Job's container command, run three times on PoCL as the Job's pods
# would be (JOB_COMPLETION_INDEX 0..2), then the shards merged.
add_test(NAME example.kubernetes_indexed_job
  COMMAND ${GRP_EXPECT} 0 "kubernetes-test: ok"
          -- bash ${CMAKE_CURRENT_LIST_DIR}/test_indexed_job.sh ${GRP_BIN} ${CMAKE_SOURCE_DIR})
set_tests_properties(example.kubernetes_indexed_job PROPERTIES LABELS "example;ocl" TIMEOUT 600)
# The manifest's structure, without Kubernetes: an Indexed Job that is a queue over its shards
# (parallelism < completions), retried per index (backoffLimitPerIndex, restartPolicy Never),
# whose one container runs --shard auto/N with N = completions into a mounted volume. Skipped
# (77) where python3 has no yaml module (Debian python3-yaml, which scripts/dev.sh installs).
add_test(NAME example.kubernetes_manifest
  COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_manifest.py
          ${CMAKE_CURRENT_LIST_DIR}/indexed-job.yaml)
set_tests_properties(example.kubernetes_manifest PROPERTIES LABELS example SKIP_RETURN_CODE 77
  PASS_REGULAR_EXPRESSION "manifest-check: ok" TIMEOUT 60)
