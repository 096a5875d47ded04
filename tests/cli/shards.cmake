# run --shard K/N and merge of shards (issue #49): three PoCL processes as the shards of one
# tiny sweep, each with a scheduler's environment faked (Slurm, a Kubernetes Indexed Job, a CI
# matrix), merged and checked against the unsharded run of the same plan.
add_test(NAME cli.shards_of_one_plan
  COMMAND ${GRP_EXPECT} 0 "shards-test: ok"
          -- bash ${CMAKE_CURRENT_LIST_DIR}/shards.sh ${GRP_BIN}
             ${CMAKE_CURRENT_BINARY_DIR}/shards-out)
set_tests_properties(cli.shards_of_one_plan PROPERTIES LABELS cli TIMEOUT 600)
