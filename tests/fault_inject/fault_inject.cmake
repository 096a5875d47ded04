# Fault injection (issue #52): grp_fault_inject, a library LD_PRELOADed in front of the OpenCL
# loader that lies on request (GRP_FAULT, described in fault_inject.cpp), and one test per lie
# that pins what run and platforms do under it (faults.sh, label ocl). Included from
# tests/CMakeLists.txt. Not in the sanitizer build (scripts/sanitizer-build.sh: GRP_FUZZ, which
# also leaves out the OpenCL tests): a preloaded library built with AddressSanitizer would have
# to come before its runtime, and that build never runs the OpenCL tests.
if(GRP_SANITIZE OR GRP_FUZZ OR NOT GRP_BUILD_OCL_TESTS)
  return()
endif()

add_library(grp_fault_inject SHARED ${CMAKE_CURRENT_LIST_DIR}/fault_inject.cpp)
# The OpenCL headers only: the calls go on to the loader the binary already has (RTLD_NEXT).
target_include_directories(grp_fault_inject PRIVATE ${OpenCL_INCLUDE_DIRS})
target_link_libraries(grp_fault_inject PRIVATE ${CMAKE_DL_LIBS})
# CI builds named targets only (scripts/dev.sh test: gpu-reduce-prof grp_docs grp_ocl_tests
# grp_parts_tests): the OpenCL tests' target brings the library along.
add_dependencies(grp_ocl_tests grp_fault_inject)

set(GRP_FAULTS_SH ${CMAKE_CURRENT_LIST_DIR}/faults.sh)
set(GRP_FAULTS_OUT ${CMAKE_CURRENT_BINARY_DIR}/fault-inject)
# One test per case of faults.sh, about 20 s in all on PoCL with two cores. They share one PoCL
# cache, one test at a time (RESOURCE_LOCK), so the kernels compile once instead of per test:
# the first run took 61 s with a cache per test on a busy VM.
set(GRP_FAULTS_CACHE ${CMAKE_BINARY_DIR}/pocl-cache/fault_inject)
foreach(case none stamps_scale stamps_zero stamps_reversed stamps_jitter stamps_out_of_order
        profiling_refuse profiling_unavailable enqueue_fail_first enqueue_fail_later
        enqueue_fail_checks build_fail build_oor combined device_fails device_fails_parallel roof_low
        cards cpu_taken bad_spec once)
  add_test(NAME fault.${case}
           COMMAND ${GRP_FAULTS_SH} $<TARGET_FILE:gpu-reduce-prof>
                   $<TARGET_FILE:grp_fault_inject> ${case} ${GRP_FAULTS_OUT}/${case}
                   ${GRP_FAULTS_CACHE})
  set_tests_properties(fault.${case} PROPERTIES LABELS ocl TIMEOUT 120
                       RESOURCE_LOCK grp_fault_inject_pocl_cache)
endforeach()
