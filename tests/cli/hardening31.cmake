# Issue #31 on the real binary: input data no sum can be verified on, const values outside
# their type, a sweep too large to plan, kernel names that are not printable text, sources
# outside their spec's folder, readers that refuse what validate refuses, and smaller ones.
set(H31 ${GRP_DATA}/hardening)
set(H31_OUT ${CMAKE_CURRENT_BINARY_DIR}/hardening31-out)
file(MAKE_DIRECTORY ${H31_OUT})
set(H31_QUICK --runs 1 --min-samples 3 --max-time 0 --no-peak -q)
set(H31_QUICK_SH "--runs 1 --min-samples 3 --max-time 0 --no-peak -q") # inside bash -c scripts
# h31_sh(NAME SCRIPT-TEXT): a bash test; the script sees $bin, $expect, $out, $data.
function(h31_sh name script)
  add_test(NAME cli.${name}
    COMMAND bash -c "set -u; bin='${GRP_BIN}'; expect='${GRP_EXPECT}'; out='${H31_OUT}'; data='${H31}'; ${script}")
  set_tests_properties(cli.${name} PROPERTIES LABELS cli TIMEOUT 600)
endfunction()

# 1. --data file: values no sum can be verified on are a bad file (exit 5) naming the file,
#    the value's index and byte offset, the value and why; never a kernel reported wrong.
foreach(kind inf nan overflow)
  if(kind STREQUAL "overflow")
    set(what "value 101 \\(byte offset 404, float\\) is 3.*add up to 6e\\+38, beyond float's largest value")
  else()
    set(what "value 100 \\(byte offset 400, float\\) is -?${kind}: float data must be finite")
  endif()
  grp_cli_test(run_data_file_with_${kind}_exit_5 5 "data_${kind}.bin: ${what}"
               run -k reduce2 -t float -n 256 -l 64 --data file:${H31}/data_${kind}.bin
               ${H31_QUICK} -o ${H31_OUT}/data_${kind}.json --force)
endforeach()
# The same bytes read as ints are whole numbers: measured, not refused.
grp_cli_test(run_data_file_read_as_int_is_measured 0 "1 cases"
             run -k reduce2 -t int -n 256 -l 64 --data file:${H31}/data_inf.bin
             ${H31_QUICK} -o ${H31_OUT}/data_int.json --force)
#    const:V is checked against every type of the sweep: never wrapped or rounded.
grp_cli_test(run_data_const_out_of_range_for_int_exit_2 2
             "const:1e\\+38 is out of range for -t int: int data holds whole numbers from -2147483648 to 2147483647"
             run -k reduce2 -t float,int --data const:1e38)
grp_cli_test(run_data_const_fraction_for_int_exit_2 2 "const:1.5 is not a whole number for -t int"
             run -k reduce2 -t int --data const:1.5)
grp_cli_test(run_data_const_negative_for_uint_exit_2 2
             "const:-1 is negative for -t uint: uint data holds whole numbers from 0 to 4294967295"
             run -k reduce2 -t uint --data const:-1)
grp_cli_test(run_data_float_const_whose_sum_overflows_exit_2 2
             "const:1e\\+38 at n=1000: the values add up in magnitude to 1e\\+41"
             run -k reduce2 -t float -n 1000 -l 64 --data const:1e38 ${H31_QUICK}
             -o ${H31_OUT}/const_sum.json --force)

# 3. A sweep above --max-cases is refused before it is planned, with its count and factors.
h31_sh(run_sweep_above_max_cases_exit_2
  "timeout 60 \$expect 2 'the sweep plans [0-9]+ cases on .*\\(up to [0-9]+ configurations x 4 types x 4 ops x 1 layout x 3 sizes x [0-9]+ local sizes\\), more than --max-cases 20000.*raise the cap: --max-cases [0-9]+' --not 'case 1/' -- \$bin run -k tunable -t int,uint,float,double --op sum,min,max,product -l pow2 -n 4096,8192,16384 ${H31_QUICK_SH} -o \$out/cap.json --force")
h31_sh(run_20000_sizes_are_refused_quickly
  "timeout 60 \$expect 2 'x 20000 sizes x .*more than --max-cases 20000' -- \$bin run -n \$(seq -s, 1000 20999) ${H31_QUICK_SH} -o \$out/sizes.json --force")
grp_cli_test(run_max_cases_raised_runs_the_sweep 0 "2 cases"
             run -k reduce2 -t int -n 1000,2000 -l 64 --max-cases 2 ${H31_QUICK}
             -o ${H31_OUT}/cap_ok.json --force)
grp_cli_test(run_max_cases_below_the_plan_exit_2 2 "the sweep plans 2 cases .*more than --max-cases 1"
             run -k reduce2 -t int -n 1000,2000 -l 64 --max-cases 1 ${H31_QUICK}
             -o ${H31_OUT}/cap_low.json --force)
grp_cli_test(check_max_cases_below_the_selection_exit_2 2
             "the sweep plans 2 cases on Oclgrind Simulator .*more than --max-cases 1"
             check -k reduce2 -n 1000,2000 -l 64 --max-cases 1 -o ${H31_OUT}/check_cap.json --force)
grp_cli_test(run_help_states_the_max_cases_default 0 "--max-cases N=20000" run --help)

# 4. Kernel names are printable text: empty, tab, CR, LF are a bad spec naming the field.
foreach(pair "tab;holds a tab" "cr;holds a carriage return" "lf;holds a line feed" "empty;is empty")
  list(GET pair 0 kind)
  list(GET pair 1 why)
  grp_cli_test(run_kernel_name_${kind}_exit_5 5 "name_${kind}.json: kernels\\[0\\]\\.name: the kernel name '[^']*' ${why}"
               run -k ${H31}/name_${kind}.json -t int -o ${H31_OUT}/name.json --force)
endforeach()
#    A source outside the spec's folder runs, and run says where it came from.
grp_cli_test(run_source_outside_the_spec_folder_is_named 0
             "note: .*outside/outside.json reads its source from outside its folder: .*hardening/evil.cl"
             run -k ${H31}/outside/outside.json -t int -l 1 -n 1000 ${H31_QUICK}
             -o ${H31_OUT}/outside.json --force)

# 5. Every reader refuses a profile validate refuses: duplicate case keys, naming the key.
set(H31_DUP "duplicate_key.json: two cases have the key reduce3/float/flat/n=1048576/local=256 on device 0")
grp_cli_test(compare_duplicate_key_in_the_base_exit_5 5 "${H31_DUP}"
             compare ${H31}/duplicate_key.json ${GRP_DATA}/validate/valid.json)
grp_cli_test(compare_duplicate_key_in_a_candidate_exit_5 5 "${H31_DUP}"
             compare ${GRP_DATA}/validate/valid.json ${H31}/duplicate_key.json)
grp_cli_test(report_duplicate_key_exit_5 5 "${H31_DUP}" report ${H31}/duplicate_key.json -o -)
grp_cli_test(merge_duplicate_key_exit_5 5 "${H31_DUP}"
             merge ${H31}/duplicate_key.json ${GRP_DATA}/validate/valid.json -o ${H31_OUT}/m.json --force)
grp_cli_test(validate_duplicate_key_exit_5 5 "${H31_DUP}" validate ${H31}/duplicate_key.json)

# 6. Smaller ones.
# (--pair a=b,b is a usage error already: compare.cmake, compare_pair_candidate_named_twice.)
grp_cli_test(run_search_halving_colon_without_a_number_exit_2 2
             "--search 'halving:': a number must follow the colon" run --search halving:)
grp_cli_test(run_search_random_colon_without_a_number_exit_2 2
             "--search 'random:': a number must follow the colon" run --search random:)
grp_cli_test(compare_double_dash_before_the_files 0 ""
             compare --allow-one-run -- ${GRP_DATA}/compare/base.json ${GRP_DATA}/compare/identical.json)
# With -o - the parts of --runs have no output folder to live beside: $TMPDIR is named.
h31_sh(run_tmpdir_that_does_not_exist_is_named
  "TMPDIR=/nonexistent/grp \$expect 5 'cannot make a folder for the parts of --runs in .TMPDIR \\(/nonexistent/grp\\): No such file or directory. set TMPDIR to a writable folder, or unset it' -- \$bin run -k reduce2 -t int -l 64 -n 1000 --runs 2 --min-samples 3 --max-time 0 --no-peak -q -o -")
