# run --resume on tiny runs (issue #31 item 3), and the --csv of a run cut short or on a device.
set(RESUME_OUT ${CMAKE_CURRENT_BINARY_DIR}/resume-out)
foreach(what short retry device signal2 build_csv csv_stdout)
  add_test(NAME cli.run_resume_${what}
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/resume.sh ${GRP_BIN} ${RESUME_OUT}/${what} ${GRP_DATA}/kernels ${what})
  set_tests_properties(cli.run_resume_${what} PROPERTIES LABELS cli TIMEOUT 600)
endforeach()
