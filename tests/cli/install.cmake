# Install and package (#16): `cmake --install` into a temporary prefix and the installed tool
# run from there; the .deb from cpack (skipped without dpkg-deb). Labelled `package`: the
# sanitizer pass leaves them out (an ASan binary is not what anyone installs).
add_test(NAME cli.install_prefix_runs_the_installed_tool
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/install.sh ${CMAKE_COMMAND} ${CMAKE_BINARY_DIR})
add_test(NAME cli.package_deb_has_runtime_depends
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/package.sh ${CMAKE_CPACK_COMMAND} ${CMAKE_BINARY_DIR})
set_tests_properties(cli.install_prefix_runs_the_installed_tool cli.package_deb_has_runtime_depends
                     PROPERTIES LABELS "cli;package" TIMEOUT 300)
set_tests_properties(cli.package_deb_has_runtime_depends PROPERTIES SKIP_RETURN_CODE 77)
# lintian (#33): 0 errors and 0 warnings; skipped (77) where lintian is not installed.
add_test(NAME cli.package_deb_is_lintian_clean
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/lintian.sh ${CMAKE_CPACK_COMMAND} ${CMAKE_BINARY_DIR})
set_tests_properties(cli.package_deb_is_lintian_clean PROPERTIES LABELS "cli;package" TIMEOUT 300
                     SKIP_RETURN_CODE 77)
# The git sha (cmake/git_sha.cmake): read from a checkout git calls "dubious" (another owner, as
# in containers) and, without a checkout, empty with the reason rather than "unknown".
add_test(NAME cli.git_sha_despite_dubious_ownership_or_says_why
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/git_sha.sh ${CMAKE_COMMAND} ${CMAKE_SOURCE_DIR}/cmake/git_sha.cmake)
set_tests_properties(cli.git_sha_despite_dubious_ownership_or_says_why PROPERTIES LABELS cli TIMEOUT 60)
