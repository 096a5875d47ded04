# The articles' table on the real binary (PoCL): --wg-limit launching above a kernel's reported
# work-group limit (forced below the device's with GRP_TEST_KERNEL_WG_LIMIT), the kernel x
# local-size matrix with the host baseline in run, the profile and report --markdown.
add_test(NAME cli.wg_limit_device_launches_above_the_kernel_limit
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/wg_limit.sh ${GRP_BIN} ${CMAKE_CURRENT_BINARY_DIR}/wg-limit
          ${GRP_DATA}/kernels)
add_test(NAME cli.run_matrix_host_baseline_and_markdown
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/matrix_run.sh ${GRP_BIN} ${CMAKE_CURRENT_BINARY_DIR}/matrix)
set_tests_properties(cli.wg_limit_device_launches_above_the_kernel_limit
                     cli.run_matrix_host_baseline_and_markdown PROPERTIES LABELS cli TIMEOUT 600)
grp_cli_test(run_cells_option_is_checked 2 "--cells: ms not in \\{time,gbps,both,energy\\}"
             run --cells ms)
