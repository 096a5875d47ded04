// The built-in kernel suite (kernels/*.cl and *.json), embedded in the binary at build time by
// cmake/embed_kernels.cmake so the tool runs from any directory and on machines without the repo.
#pragma once

#include <string_view>
#include <vector>

namespace grp {

struct embedded_file {
    std::string_view name; ///< file name relative to kernels/, e.g. "reduce.cl"
    std::string_view text;
};

/// Every embedded file, sorted by name.
const std::vector<embedded_file>& builtin_kernel_files();

} // namespace grp
