# rusticl, Mesa's OpenCL (Debian's mesa-opencl-icd, which scripts/dev.sh test installs), where a
# test asks for it (#70): every other test is pinned to PoCL (grp_pin_ocl_vendors,
# tests/CMakeLists.txt), so these point the loader at rusticl alone and enable its llvmpipe CPU
# device. `platforms` runs under the sanitizers too (it loads Mesa's libraries into the process:
# tests/lsan.supp holds their leaks, not ours); the run, which sweeps kernels, only on Release
# (scripts/dev.sh: cli.run_*). What rusticl 22.3 gets wrong and how run copes: docs/judge.md.
set(GRP_RUSTICL_ICD ${GRP_TEST_ICD_DIR}/rusticl.icd)
if(NOT EXISTS ${GRP_RUSTICL_ICD})
  message(STATUS "No ${GRP_RUSTICL_ICD}: the rusticl tests are left out (apt-get install "
                 "mesa-opencl-icd)")
  return()
endif()
set(GRP_RUSTICL_VENDORS ${CMAKE_BINARY_DIR}/ocl-vendors/rusticl)
file(REMOVE_RECURSE ${GRP_RUSTICL_VENDORS})
file(COPY ${GRP_RUSTICL_ICD} DESTINATION ${GRP_RUSTICL_VENDORS})
set(GRP_ON_RUSTICL env OCL_ICD_VENDORS=${GRP_RUSTICL_VENDORS} RUSTICL_ENABLE=llvmpipe)

# Its device, the two driver defects the probe finds (no event profiling, a loop limit) and its
# conditions (#66).
add_test(NAME cli.rusticl_platforms
  COMMAND ${GRP_ON_RUSTICL} ${GRP_EXPECT} 0
          "Platform 0: rusticl.*llvmpipe.*timer +zero: .*loop limit +65535 iterations.*conditions +key [0-9a-f]+: governor"
          -- ${GRP_BIN} platforms)
# A small sweep verifies on rusticl (host-timed; exit 0: no case wrong): the probe's widened
# helper grids keep the exact checks right under the loop limit.
add_test(NAME cli.run_on_rusticl
  COMMAND ${GRP_ON_RUSTICL} ${GRP_EXPECT} 0
          "\\(rusticl\\).*reduce2 +int +flat +2\\^16 +64 .* ok.*reduce6 +int +flat +2\\^16 +64 .* ok"
          -- ${GRP_BIN} run -k reduce2,reduce6 -t int -n 2^16 -l 64 --no-peak --rounds 2
             --samples 3 --warmup 1 --host-repeats 0 --sensors off --settle 0 --force
             -o ${CMAKE_CURRENT_BINARY_DIR}/rusticl-run.json)
# The precision check on rusticl (#64): its fill once looped over a record's components inside
# its grid-stride loop, and llvmpipe counts those passes against its loop limit too, so at 2^18
# (nine work-items on its 8 compute units) the fill stopped at record 196605 and every float
# case read wrong by the same amount. About 3 s.
add_test(NAME cli.rusticl_precision_fill_complete
  COMMAND ${GRP_ON_RUSTICL} ${GRP_EXPECT} 0
          "reduce6 +float +flat +2\\^18 +64 .* ok"
          -- ${GRP_BIN} run -k reduce6 -t float -n 2^18 -l 64 --runs 1 --rounds 1
             --round-spacing 0 --min-samples 1 --max-time 0 --no-peak --sensors off --force
             -o ${CMAKE_CURRENT_BINARY_DIR}/rusticl-precision.json)
set_tests_properties(cli.rusticl_platforms cli.run_on_rusticl cli.rusticl_precision_fill_complete
                     PROPERTIES LABELS cli TIMEOUT 300)
