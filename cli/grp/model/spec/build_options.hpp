// A kernel instance's OpenCL build options: the spec's "build_options" with its placeholders
// ({type}, {local_size}, {n_is_pow2}, {elems_per_item}, {op}, the tuning parameters) filled
// for one case. kernels/README.md documents the placeholders.
#pragma once

#include "grp/core/element_type.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <cstdint>
#include <string>

namespace grp {

/// The SDK's nIsPow2 promise: n is a power of two AND a multiple of the elements one group
/// covers (local size x elements per item), so no load needs a bounds check. Plain "n is a
/// power of two" is not enough: the last pass over a few partials would read out of bounds.
bool n_is_pow2(std::uint64_t n, std::uint64_t items_per_group);

/// Fills {type}, {local_size}, {n_is_pow2}, {elems_per_item}, {op} and the instance's
/// parameters {NAME} in build_options. Throws file_error for an unknown placeholder
/// (parse_kernel_specs already checked them).
std::string expand_build_options(const kernel_spec& k, element_type t, std::uint64_t local_size,
                                 std::uint64_t n, const std::string& op = "sum");

} // namespace grp
