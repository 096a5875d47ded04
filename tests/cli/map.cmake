# The map's checker (scripts/check-paths.py, #45) on fabricated trees: a correct map passes and
# each kind of drift (a wrong row, a wrong function pair, a stale name in a comment, an unlisted
# folder, a forbidden include, a source not on the page, an ambiguous name; #71: a `f` in `path`
# pair, a pair in a C++ comment, a name only a string spells, a stale name in docs/) fails.
# Label style (both here): Python on fabricated trees, run once by scripts/dev.sh test, not again
# in the sanitizer pass.
add_test(NAME cli.map_checker_rules
  COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/map/check_paths_test.py ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.map_checker_rules PROPERTIES LABELS style TIMEOUT 60)
# The transcript checker (scripts/transcripts.py --markers, #71 item 12) on fabricated pages:
# output anywhere in a tracked *.md, an indented block, a `sh` or `text` block holding output.
add_test(NAME cli.transcript_checker_rules
  COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/map/transcripts_test.py ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.transcript_checker_rules PROPERTIES LABELS style TIMEOUT 60)
