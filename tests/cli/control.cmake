# run --clocks / --power-limit / --cool-down against a stateful stand-in NVML on PoCL (issue #66,
# control.sh): set and put back, put back after SIGKILL within 1 s, a stale lock undone at the next
# start, no permission and a CPU device recorded, a hot GPU's wait recorded. Never a real GPU.
# CI builds named targets (scripts/dev.sh): the OpenCL tests' target brings the stand-in along.
if(TARGET grp_ocl_tests)
  add_dependencies(grp_ocl_tests grp_stand_in_nvml_control)
endif()
foreach(case applied sigkill stale no_permission cpu_device cooldown)
  add_test(NAME cli.run_control_${case}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/control.sh ${GRP_BIN}
                   $<TARGET_FILE:grp_stand_in_nvml_control> ${case}
                   ${CMAKE_CURRENT_BINARY_DIR}/control-out/${case})
  set_tests_properties(cli.run_control_${case} PROPERTIES LABELS cli TIMEOUT 120)
endforeach()
