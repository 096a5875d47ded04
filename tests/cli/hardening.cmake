# Issue #15 on the real binary, one or more tests per class, each with its documented exit
# code: bad input never crashes, finished work is never lost, nothing is written where it
# should not be. Model-level cases are in tests/unit/hardening_test.cpp and the fuzzers.
set(H ${GRP_DATA}/hardening)
set(HK ${GRP_DATA}/kernels)
set(H_OUT ${CMAKE_CURRENT_BINARY_DIR}/hardening-out)
file(MAKE_DIRECTORY ${H_OUT})
set(H_QUICK --runs 1 --min-samples 3 --max-time 0 --no-peak -q)
set(H_QUICK_SH "--runs 1 --min-samples 3 --max-time 0 --no-peak -q") # inside bash -c scripts
set(H_SH ${CMAKE_CURRENT_LIST_DIR})
# grp_cli_sh(NAME SCRIPT-TEXT): a bash test; the script sees $bin, $expect, $out, $data, $sh.
function(grp_cli_sh name script)
  add_test(NAME cli.${name}
    COMMAND bash -c "set -u; bin='${GRP_BIN}'; expect='${GRP_EXPECT}'; out='${H_OUT}'; data='${H}'; sh='${H_SH}'; ${script}")
  set_tests_properties(cli.${name} PROPERTIES LABELS cli TIMEOUT 600)
endfunction()

# 1. Bytes that are not UTF-8 in what a profile stores (argv, paths) still give valid JSON.
grp_cli_sh(run_latin1_path_and_options_give_a_valid_profile
  "d=\$out/caf\$(printf '\\351'); rm -rf \"\$d\"; mkdir -p \"\$d\"; cp '${HK}/wrong.json' '${HK}/wrong.cl' \"\$d/\";
   \$expect 1 'off_by_n' -- \$bin run -k \"\$d/wrong.json\" -t int -l 64 -n 1000 ${H_QUICK_SH} --cl-options \"-DX=\$(printf '\\377')\" -o \"\$d/p.json\" --force;
   \$expect 0 ': ok' -- \$bin validate \"\$d/p.json\"")

# 2. Signals other than one Ctrl-C: TERM and HUP save like INT; a closed stdout (| head) is not
#    a signal that kills (but a full one is an error, exit 5); a second signal during a long
#    kernel stops at once, keeping the last finished round.
add_test(NAME cli.run_sigterm_saves_finished_cases
  COMMAND ${H_SH}/interrupt.sh ${GRP_BIN} ${H_OUT}/sigterm.json TERM)
add_test(NAME cli.run_sighup_saves_finished_cases
  COMMAND ${H_SH}/interrupt.sh ${GRP_BIN} ${H_OUT}/sighup.json HUP)
add_test(NAME cli.stdout_full_is_an_error
  COMMAND ${H_SH}/stdout_full.sh ${GRP_BIN} ${CMAKE_SOURCE_DIR}/tests/data/compare)
add_test(NAME cli.run_piped_to_head_keeps_the_profile
  COMMAND ${H_SH}/pipe_head.sh ${GRP_BIN} ${H_OUT}/pipe_head.json)
add_test(NAME cli.run_second_sigint_during_a_long_kernel_stops_at_once
  COMMAND ${H_SH}/second_signal.sh ${GRP_BIN} ${H_OUT}/second_signal.json ${HK}/slow.json)
set_tests_properties(cli.run_sigterm_saves_finished_cases cli.run_sighup_saves_finished_cases
  cli.run_piped_to_head_keeps_the_profile cli.run_second_sigint_during_a_long_kernel_stops_at_once
  cli.stdout_full_is_an_error PROPERTIES LABELS cli TIMEOUT 600)

# 3. Late errors keep finished cases; an unwritable output fails before the sweep.
add_test(NAME cli.run_build_failure_after_a_finished_group_keeps_it
  COMMAND ${H_SH}/build_failure_keeps_group.sh ${GRP_BIN} ${H_OUT}/build_failure.json
          ${HK}/broken_uint.json)
set_tests_properties(cli.run_build_failure_after_a_finished_group_keeps_it
  PROPERTIES LABELS cli TIMEOUT 600)
grp_cli_sh(run_unwritable_output_fails_before_the_sweep
  "\$expect 5 'cannot write the profile .*/proc/grp-none/p.json' --not 'device 0|GB/s' -- \$bin run -k reduce2 -l 64 -n 4096 -o /proc/grp-none/p.json;
   touch \$out/plain-file; \$expect 5 'cannot write the profile' --not 'device 0' -- \$bin run -k reduce2 -o \$out/plain-file/p.json")
grp_cli_test(run_profile_and_csv_both_to_stdout_exit_2 2 "-o - and --csv - would both write to stdout"
             run -k reduce2 -o - --csv -)
grp_cli_test(run_output_that_is_a_directory_exit_2 2 "is a directory. name a file"
             run -k reduce2 -o ${H_OUT})
grp_cli_sh(run_unknown_placeholder_fails_before_any_work
  "\$expect 5 'build_options: unknown placeholder .typo.' --not 'device 0|GB/s' -- \$bin run -k reduce2,\$data/unknown_placeholder.json -t int -l 1 -n 4096 -o \$out/placeholder.json --force && [[ ! -e \$out/placeholder.json ]]")

# 4. Two writers of one output: no fixed temp name, no write through a planted symlink, no
#    temp left behind after a failed write, no replacing a file that appeared meanwhile.
grp_cli_sh(report_never_follows_a_symlink_planted_at_a_temp_name
  "rm -rf \$out/plant; mkdir -p \$out/plant; echo keep > \$out/plant/victim;
   ln -s \$out/plant/victim \$out/plant/r.html.tmp;
   \$expect 0 '' -- \$bin report '${GRP_DATA}/report/sweep.json' -o \$out/plant/r.html &&
   [[ \$(cat \$out/plant/victim) == keep ]] && [[ \$(ls -A \$out/plant | wc -l) == 3 ]]")
grp_cli_sh(report_to_a_full_device_fails_and_leaves_nothing
  "\$expect 5 \"writing the HTML report '/dev/full' failed: No space left on device\" -- \$bin report '${GRP_DATA}/report/sweep.json' -o /dev/full")

# 5. An output that is an input, however spelled, or two outputs naming one file.
grp_cli_sh(report_output_that_is_an_input_spelled_differently_exit_2
  "cd \$out && cp '${GRP_DATA}/report/sweep.json' in.json && ln -sf in.json in-link.json &&
   \$expect 2 'is the input' -- \$bin report in.json -o ./in.json --force &&
   \$expect 2 'is the input' -- \$bin report in.json -o \$out/in.json --force &&
   \$expect 2 'is the input' -- \$bin report in.json --markdown in-link.json --force &&
   \$expect 2 'two outputs name the same file' -- \$bin report in.json -o r.md --markdown ./r.md --force &&
   cmp -s in.json '${GRP_DATA}/report/sweep.json'")
grp_cli_sh(run_output_that_is_its_own_spec_exit_2
  "cp '${HK}/wrong.json' '${HK}/wrong.cl' \$out/ && \$expect 2 'is the input' -- \$bin run -k \$out/wrong.json -t int -o \$out/./wrong.json --force")

# 6. Numbers and depth: exit 5 with the place, for every command that reads the file.
foreach(cmd validate "report -o -" "compare ${GRP_DATA}/report/sweep.json")
  string(MAKE_C_IDENTIFIER "${cmd}" id)
  separate_arguments(args UNIX_COMMAND "${cmd}")
  grp_cli_test(hardening_${id}_number_beyond_double_range_exit_5 5 "huge_number.json:4:[0-9]+: .*1e400"
               ${args} ${H}/huge_number.json)
  grp_cli_test(hardening_${id}_deep_nesting_exit_5 5 "deep.json:1:129: nested deeper than 128"
               ${args} ${H}/deep.json)
  # 11. Files that are not regular files: no endless read, no blocking, a clear message.
  grp_cli_test(hardening_${id}_dev_zero_exit_5 5 "/dev/zero: the profile is a device" ${args} /dev/zero)
  grp_cli_test(hardening_${id}_directory_exit_5 5 "is a directory" ${args} ${H})
endforeach()
# 9. Loaders agree: a profile validate rejects (a negative or fractional sample, a version
#    with trailing text) is rejected by report and compare too, never read as 2^64.
foreach(name negative_sample fractional_sample version_with_text)
  grp_cli_sh(hardening_readers_agree_with_validate_${name}
    "\$expect 5 '${name}.json' -- \$bin validate \$data/${name}.json &&
     \$expect 5 '${name}.json' -- \$bin report \$data/${name}.json -o - &&
     \$expect 5 '${name}.json' -- \$bin compare \$data/../validate/valid.json \$data/${name}.json")
endforeach()
grp_cli_sh(validate_a_fifo_does_not_block
  "rm -f \$out/fifo.json; mkfifo \$out/fifo.json; timeout 20 \$expect 5 'is a FIFO' -- \$bin validate \$out/fifo.json")
grp_cli_test(run_spec_that_is_not_an_object_exit_5 5 "not_object_spec.json: \\(top level\\): expected an object"
             run -k ${H}/not_object_spec.json)
grp_cli_test(run_spec_deep_nesting_exit_5 5 "deep.json:1:65: nested deeper than 64" run -k ${H}/deep.json)
grp_cli_test(run_spec_that_is_dev_zero_exit_5 5 "the kernel spec is a device" run -k /dev/zero)

# 7. Arithmetic: counts that would wrap are refused or skipped, never a crash or a hang.
grp_cli_test(run_constant_out_of_range_for_its_type_exit_5 5
             "const_out_of_range.json: kernels\\[0\\].args\\[3\\].value: expected a whole number from 0 to 4294967295"
             run -k ${H}/const_out_of_range.json)
grp_cli_test(run_n_2_62_is_skipped_not_a_crash 7 "does not fit the kernel's uint n argument"
             run -k reduce2 -l 64 -n 2^62 ${H_QUICK} -o ${H_OUT}/n62.json --force)
grp_cli_test(run_n_over_2_64_exit_2 2 "-n '2\\^64' is too large" run -n 2^64)
grp_cli_sh(run_huge_exponent_of_one_is_quick
  "timeout 20 \$expect 2 'matches no built-in kernel' -- \$bin run --rounds 1^99999999999 -n 1^99999999999 -k nothing")
foreach(opt "--samples -3" "--warmup -1" "--rounds 99999999999999999999" "--min-samples 1e3"
            "--max-time nan" "--max-noise inf" "--round-spacing -1" "--seed -1"
            "--barrier-runs 0")
  string(MAKE_C_IDENTIFIER "${opt}" id)
  separate_arguments(args UNIX_COMMAND "${opt}")
  grp_cli_test(run_option_${id}_exit_2 2 "expected a (whole )?number from" run ${args})
endforeach()
grp_cli_test(report_alpha_nan_exit_2 2 "--alpha: expected a number from"
             report ${GRP_DATA}/report/sweep.json -o - --alpha nan)

# 10. Untrusted strings reach the terminal escaped: a kernel name built to retitle the
#     terminal and clear the screen is refused (names are printable text, #31), and the
#     message that quotes it shows it as text.
add_test(NAME cli.run_prints_hostile_kernel_names_escaped
  COMMAND ${H_SH}/no_raw_controls.sh 5 "kernels\\[0\\]\\.name: the kernel name 'evil\\\\x1b\\]0;pwned\\\\x07.*holds a control character"
          -- ${GRP_BIN} run -k ${H}/evil_name.json -t int -l 1 -n 1000 ${H_QUICK}
          -o ${H_OUT}/evil.json --force)
set_tests_properties(cli.run_prints_hostile_kernel_names_escaped PROPERTIES LABELS cli TIMEOUT 600)
grp_cli_sh(errors_quote_hostile_arguments_escaped
  "\$sh/no_raw_controls.sh 2 'matches no built-in kernel' -- \$bin run -k \"x\$(printf '\\033[2J\\007')\" &&
   \$sh/no_raw_controls.sh 2 'not expected' -- \$bin run \"--x\$(printf '\\033]0;t\\007')\"")

# 12. Messages that say what is wrong.
grp_cli_test(run_peak_bytes_too_small_exit_2 2 "--peak-bytes: expected a whole number from 4096.*at least 4 KiB"
             run --peak-bytes 1)
grp_cli_test(run_peak_bytes_over_max_alloc_exit_2 2 "--peak-bytes .* is over the device's largest buffer"
             run -k reduce2 -l 64 -n 4096 --peak-bytes 2^49 --runs 1 -q -o ${H_OUT}/peak.json --force)
grp_cli_test(run_samples_zero_explains_adaptive_exit_2 2 "omit --samples for adaptive sampling"
             run --samples 0)
# (CMake drops empty arguments of add_test: these go through bash.)
grp_cli_sh(run_empty_device_exit_2 "\$expect 2 '--device is empty' -- \$bin run -d '' -k reduce2")
grp_cli_sh(run_empty_output_exit_2 "\$expect 2 'output: is empty' -- \$bin run -o ''")

# A --normalize reference is printed back: escaped, never a raw ESC on the terminal.
grp_cli_sh(compare_escapes_the_normalize_reference
  "o=\$(\$bin compare '${GRP_DATA}/compare/base.json' '${GRP_DATA}/compare/identical.json' --normalize \$(printf 'x\\033[2J') 2>&1);
   ! printf '%s' \"\$o\" | grep -q \$(printf '\\033') && printf '%s' \"\$o\" | grep -q 'x.x1b\\[2J'")
# A case on a device the profile does not list (found by fuzz_compare: compare dereferenced the
# missing device and crashed): every reader refuses the file, exit 5, naming the field.
foreach(cmd validate "compare ${GRP_DATA}/compare/base.json")
  string(REGEX REPLACE "[^a-z]+.*" "" id "${cmd}")
  separate_arguments(args UNIX_COMMAND "${cmd}")
  grp_cli_test(hardening_${id}_case_on_an_unlisted_device_exit_5 5
               "/cases/0/device: 3 names no device"
               ${args} ${H}/case_on_unlisted_device.json)
endforeach()
