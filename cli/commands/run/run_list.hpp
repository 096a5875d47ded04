// `run --list`: the built-in kernels as a table (name, layouts, types, local sizes, whether the
// default sweep runs them, what each shows); `run --print-spec FILE.cl`: a starter spec.
#pragma once

#include <string>

namespace grp::cli {

/// Prints the built-in kernels to stdout.
void list_kernels();

/// Prints the starter spec for `cl_path` to stdout (JSON only, so `> FILE.json` saves it) and
/// its notes to stderr. A missing file, or one without a __kernel, is a usage_error.
void print_starter_spec(const std::string& cl_path);

} // namespace grp::cli
