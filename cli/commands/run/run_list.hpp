// `run --list`: the built-in kernels as a table (name, layouts, types, local sizes, whether the
// default sweep runs them, what each shows).
#pragma once

namespace grp::cli {

/// Prints the built-in kernels to stdout.
void list_kernels();

} // namespace grp::cli
