# `platforms` on the real binary: JSON fields, device selection errors, no platform at all.
grp_cli_test(platforms_table 0 "Device 0 \\[0:0\\]" platforms)
grp_cli_test(platforms_json_fields 0 "\"max_work_group_size\": [0-9]+" platforms --json)
grp_cli_test(platforms_json_preferred_multiple 0 "\"preferred_work_group_multiple\": [0-9]+"
             platforms --json --device 0)
grp_cli_test(platforms_device_by_name 0 "Device 0" platforms --device portable)
grp_cli_test(platforms_device_p_d 0 "Device 0 \\[0:0\\]" platforms --device 0:0)
grp_cli_test(platforms_unknown_device_lists_devices 2 "matches no device.*\n.*\\[0:0\\]"
             platforms --device no-such-device-xyz)
grp_cli_test(platforms_bad_device_index 2 "not a device index" platforms --device 1:x)
grp_cli_test(unknown_option_is_usage_error 2 "--no-such-option" platforms --no-such-option)
grp_cli_test(version_has_sha 0 "gpu-reduce-prof [0-9]+\\.[0-9]+\\.[0-9]+ \\(git " --version)
grp_cli_test(help_has_examples 0 "Examples:" platforms --help)
grp_cli_test(no_subcommand_is_usage_error 2 "subcommand")

# No OpenCL platform: the loader is pointed at an empty vendors folder.
file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/empty-vendors)
add_test(NAME cli.platforms_no_platform_exit_3
  COMMAND env OCL_ICD_VENDORS=${CMAKE_CURRENT_BINARY_DIR}/empty-vendors
          ${GRP_EXPECT} 3 "No OpenCL platform found.*pocl-opencl-icd" -- ${GRP_BIN} platforms)
set_tests_properties(cli.platforms_no_platform_exit_3 PROPERTIES LABELS cli)

# Sanitizer builds (cli/lsan_threads.cpp): a command that loads no OpenCL driver keeps
# LeakSanitizer's exit check (its tracer logs the threads it scans), whatever threads it runs;
# one that leaves PoCL's threads running skips it, so the tracer cannot crash among them.
if(GRP_SANITIZE OR GRP_FUZZ)
  add_test(NAME cli.lsan_checks_a_file_command
    COMMAND env LSAN_OPTIONS=verbosity=1:log_threads=1
            ${GRP_EXPECT} 2 "Processing thread" -- ${GRP_BIN} validate)
  add_test(NAME cli.lsan_skips_a_process_with_device_threads
    COMMAND env LSAN_OPTIONS=verbosity=1:log_threads=1
            ${GRP_EXPECT} 0 "Device 0" --not "Processing thread" -- ${GRP_BIN} platforms)
  # bisect's own process starts a signal thread but loads no driver: both threads are checked.
  add_test(NAME cli.lsan_checks_a_process_whose_own_thread_runs
    COMMAND env LSAN_OPTIONS=verbosity=1:log_threads=1
            ${GRP_EXPECT} 2 "name the same commit.*Processing thread.*Processing thread" -- ${GRP_BIN} bisect
            --good HEAD --bad HEAD -k x.json --repo ${CMAKE_SOURCE_DIR}
            --state ${CMAKE_CURRENT_BINARY_DIR}/lsan-bisect-state)
  set_tests_properties(cli.lsan_checks_a_file_command
    cli.lsan_skips_a_process_with_device_threads
    cli.lsan_checks_a_process_whose_own_thread_runs PROPERTIES LABELS cli)
endif()
