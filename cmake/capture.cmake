# Runs BIN with ARGS (comma-separated) and writes its stdout to OUT, failing the build on an
# error: add_custom_command has no portable redirection.
string(REPLACE "," ";" ARGS "${ARGS}")
# In the sanitizer build the binary is instrumented: leak reports belong to the tests, not to
# writing a text file.
set(ENV{ASAN_OPTIONS} "detect_leaks=0")
get_filename_component(dir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${dir}")
execute_process(COMMAND "${BIN}" ${ARGS} OUTPUT_FILE "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${BIN} ${ARGS} failed (${rc})")
endif()
