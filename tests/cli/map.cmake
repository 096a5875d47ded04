# The map's checker (scripts/check-paths.py, #45) on fabricated trees: a correct map passes and
# each kind of drift (a wrong row, a wrong function pair, a stale name in a comment, an unlisted
# folder, a forbidden include, a source not on the page, an ambiguous name) fails with its line.
add_test(NAME cli.map_checker_rules
  COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/map/check_paths_test.py ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.map_checker_rules PROPERTIES LABELS cli TIMEOUT 60)
