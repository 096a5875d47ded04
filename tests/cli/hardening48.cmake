# Issue #48's smaller items on the real binary, one line each (check and sensors have their own:
# check.cmake, sensors.sh; profile fields and spec sources are unit tests).
set(H48_OUT ${CMAKE_CURRENT_BINARY_DIR}/hardening48-out)
file(MAKE_DIRECTORY ${H48_OUT})
# settings.order_seed must read back exactly in every JSON reader.
grp_cli_test(run_order_seed_above_2_53_is_refused 2 "--order-seed 9007199254740993 is above 2\\^53 - 1"
             run --order-seed 9007199254740993 -k reduce2 --dry-run -o ${H48_OUT}/o.json)
grp_cli_test(run_order_seed_2_53_minus_1_is_taken 0 "cases planned"
             run --order-seed 9007199254740991 -k reduce2 -l 64 -n 1000 --dry-run
             -o ${H48_OUT}/o2.json)
# A hostile sysfs tree: FIFOs never block platforms or run; -5 °C is -5 °C.
add_test(NAME cli.sensors_hostile_sysfs_tree
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/sensors_hostile.sh ${GRP_BIN})
set_tests_properties(cli.sensors_hostile_sysfs_tree PROPERTIES LABELS cli TIMEOUT 600)
# Scripted ones (hardening48.sh): an empty --duet or --resume (an unset variable in a CI
# script) is a usage error, never "not given"; --dry-run of --cache cold counts the flushes; a
# 100 KB --pair name cut in the message; a
# signal while the cases are built saves none as `ok` without a launch; a stopped process of
# --runs is named, and one SIGINT still ends the run; run --gate into a full disk points to the
# rescued part (needs a tmpfs: exit 77 without one).
foreach(c empty-values dry-run-cold long-pair-name sigint-while-building stopped-child
        gate-full)
  add_test(NAME cli.hardening48_${c}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/hardening48.sh ${GRP_BIN} ${GRP_DATA} ${c})
  set_tests_properties(cli.hardening48_${c} PROPERTIES LABELS cli TIMEOUT 600
                       SKIP_RETURN_CODE 77)
endforeach()

# The internal --part, given by hand, says to use --runs.
grp_cli_test(run_part_by_hand_says_use_runs 2 "--part without --part-output.*use --runs"
             run --part 1/2 -k reduce6 -n 4096 --no-peak)
grp_cli_test(run_part_malformed_says_internal 2 "--part takes I/K, got '5'.*internal.*use --runs"
             run --part 5 --part-output part.json -k reduce6 -n 4096)
