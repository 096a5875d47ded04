# Install rules and the Debian package (CPack), included from the top-level CMakeLists.txt.
#   cmake --install build --prefix /usr/local     # or: cd build && cpack -G DEB
# Layout (GNUInstallDirs): bin/gpu-reduce-prof; lib/gpu-reduce-prof/ (check's Oclgrind plugin);
# share/gpu-reduce-prof/{kernels,profiles};
# share/man/man1/gpu-reduce-prof.1.gz; bash, zsh and fish completions where bash-completion, zsh and fish
# Debian vendor paths look; share/doc/gpu-reduce-prof/{README.md,CONTRIBUTING.md,LICENSE,docs,examples}.
# CMAKE_INSTALL_DOCDIR (share/doc/gpu-reduce-prof) and GNUInstallDirs: set in the top-level
# CMakeLists.txt, before cli/ reads them.

# The man page and the completions come from the binary's own option tables (cli/commands/docs),
# rewritten after every link of the binary, so that they never drift from --help.
set(GRP_SHARE_OUT ${CMAKE_BINARY_DIR}/share)
set(GRP_MAN_PAGE ${GRP_SHARE_OUT}/man/man1/gpu-reduce-prof.1)
set(GRP_BASH_COMPLETION ${GRP_SHARE_OUT}/bash-completion/completions/gpu-reduce-prof)
set(GRP_ZSH_COMPLETION ${GRP_SHARE_OUT}/zsh/vendor-completions/_gpu-reduce-prof)
set(GRP_FISH_COMPLETION ${GRP_SHARE_OUT}/fish/vendor_completions.d/gpu-reduce-prof.fish)
set(GRP_DOC_OUTPUTS ${GRP_MAN_PAGE} ${GRP_BASH_COMPLETION} ${GRP_ZSH_COMPLETION} ${GRP_FISH_COMPLETION})
add_custom_command(OUTPUT ${GRP_DOC_OUTPUTS}
  COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:gpu-reduce-prof> -DARGS=man -DOUT=${GRP_MAN_PAGE}
          -P ${CMAKE_SOURCE_DIR}/cmake/capture.cmake
  COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:gpu-reduce-prof> -DARGS=completion,bash
          -DOUT=${GRP_BASH_COMPLETION} -P ${CMAKE_SOURCE_DIR}/cmake/capture.cmake
  COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:gpu-reduce-prof> -DARGS=completion,zsh
          -DOUT=${GRP_ZSH_COMPLETION} -P ${CMAKE_SOURCE_DIR}/cmake/capture.cmake
  COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:gpu-reduce-prof> -DARGS=completion,fish
          -DOUT=${GRP_FISH_COMPLETION} -P ${CMAKE_SOURCE_DIR}/cmake/capture.cmake
  DEPENDS gpu-reduce-prof ${CMAKE_SOURCE_DIR}/cmake/capture.cmake
  COMMENT "Writing the man page and the shell completions" VERBATIM)
# Debian installs man pages and changelogs compressed with gzip -9n (-n: no name or time
# stamp inside, so the package is reproducible); man reads them so everywhere.
find_program(GRP_GZIP gzip REQUIRED)
add_custom_command(OUTPUT ${GRP_MAN_PAGE}.gz
  COMMAND ${GRP_GZIP} -9nfk ${GRP_MAN_PAGE}
  DEPENDS ${GRP_MAN_PAGE} COMMENT "Compressing the man page" VERBATIM)
# Debian needs a maintainer "Name <address>": whoever publishes the package sets theirs
# (.invalid is a reserved domain: the default is visibly a placeholder). Set before the
# changelog below, whose trailer names it (a fresh configure must see it, not only a cached one).
set(GRP_PACKAGE_CONTACT "gpu-reduce-prof maintainers <maintainers@gpu-reduce-prof.invalid>"
    CACHE STRING "The Debian package's Maintainer field")
# The Debian changelog (required in every .deb): one entry for the packaged version, dated at
# configure time (or SOURCE_DATE_EPOCH). The version carries a Debian revision (-1): the
# package is not native to Debian, hence changelog.Debian.gz.
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(GRP_DEB_VERSION ${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE})
string(TIMESTAMP GRP_DEB_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
set(GRP_DEB_CHANGELOG ${CMAKE_BINARY_DIR}/debian/changelog.Debian)
configure_file(${CMAKE_SOURCE_DIR}/cmake/debian/changelog.in ${GRP_DEB_CHANGELOG} @ONLY)
add_custom_command(OUTPUT ${GRP_DEB_CHANGELOG}.gz
  COMMAND ${GRP_GZIP} -9nfk ${GRP_DEB_CHANGELOG}
  DEPENDS ${GRP_DEB_CHANGELOG} COMMENT "Compressing the Debian changelog" VERBATIM)
add_custom_target(grp_docs ALL DEPENDS ${GRP_DOC_OUTPUTS} ${GRP_MAN_PAGE}.gz
                                       ${GRP_DEB_CHANGELOG}.gz)

# `install`, and cpack's preinstall step, use what is built and build nothing: the package test
# runs beside other tests, and a build of every target there (the unit tests included) would
# race them (scripts/dev.sh test builds the tool and grp_docs first).
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY TRUE)
install(TARGETS gpu-reduce-prof RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# check's Oclgrind plugin, where the binary looks for it (cli/grp/sim/simulator.cpp).
if(TARGET grp_oclgrind_access)
  install(TARGETS grp_oclgrind_access LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/gpu-reduce-prof)
endif()
install(DIRECTORY ${CMAKE_SOURCE_DIR}/kernels/ DESTINATION ${CMAKE_INSTALL_DATADIR}/gpu-reduce-prof/kernels
        FILES_MATCHING PATTERN "*.cl" PATTERN "*.json" PATTERN "*.md")
install(FILES ${CMAKE_SOURCE_DIR}/profiles/profile.schema.json
              ${CMAKE_SOURCE_DIR}/profiles/profile-v1.schema.json ${CMAKE_SOURCE_DIR}/profiles/SCHEMA.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/gpu-reduce-prof/profiles)
# One measured profile as an example to validate, compare and report (the smallest H100 one).
install(FILES ${CMAKE_SOURCE_DIR}/profiles/nvidia-h100-80gb-hbm3-layouts.json
              ${CMAKE_SOURCE_DIR}/profiles/nvidia-h100-80gb-hbm3-layouts.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/gpu-reduce-prof/profiles/examples)
install(FILES ${GRP_MAN_PAGE}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# lintian's overrides: what does not apply to a package built outside Debian's archive.
install(FILES ${CMAKE_SOURCE_DIR}/cmake/debian/lintian-overrides
        DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME gpu-reduce-prof)
install(FILES ${GRP_BASH_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${GRP_ZSH_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${GRP_FISH_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/CONTRIBUTING.md
              ${CMAKE_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The manual's pages: README links into them.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md")
# Debian looks for the licence in share/doc/<package>/copyright, in its machine-readable format
# (DEP-5), which points at /usr/share/common-licenses/Apache-2.0 for the full text.
install(FILES ${CMAKE_SOURCE_DIR}/cmake/debian/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${GRP_DEB_CHANGELOG}.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The examples as a user copies them: the kernels, specs, scripts and READMEs, not their CTest
# wiring.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples
        USE_SOURCE_PERMISSIONS
        PATTERN "CMakeLists.txt" EXCLUDE PATTERN "*.cmake" EXCLUDE)

# The .deb: Depends are what the binary links (ldd: libOpenCL.so.1 from ocl-icd-libopencl1,
# libstdc++6, libgcc-s1, libc6). dpkg-shlibdeps (package dpkg-dev) computes them with versions
# when it is installed; without it, the list it gave on Debian 12 is used. A driver is
# recommended, not required: any OpenCL ICD works (pocl-opencl-icd runs on the CPU).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gpu-reduce-prof)
set(CPACK_PACKAGE_VENDOR "gpu-reduce-prof")
set(CPACK_PACKAGE_CONTACT "${GRP_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "profile, verify and compare OpenCL reduction kernels")
# Debian shows the description in 80 columns: lines of at most 79 characters (lintian checks).
set(CPACK_PACKAGE_DESCRIPTION
    "Runs reduction kernels (the classic reduce0-reduce6 ladder, one-launch and
CPU-shaped ones, struct-layout kernels and your own unmodified kernels) over
work-group sizes, problem sizes, types and layouts, verifies every result,
times every launch with OpenCL events and writes a versioned JSON profile;
compares profiles with noise-aware verdicts and exit codes for CI, and
reports them as one self-contained HTML page.")
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
find_program(GRP_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(GRP_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libc6 (>= 2.34), libgcc-s1 (>= 3.0), libstdc++6 (>= 11), ocl-icd-libopencl1 | libopencl1")
endif()
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd | opencl-icd")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clinfo")
set(CPACK_STRIP_FILES ON)
include(CPack)
