// `run --list`: the built-in kernels as a table (name, layouts, types, local sizes, whether the
// default sweep runs them, what each shows); `run --print-spec FILE.cl`: a starter spec;
// `run --describe`: the legend of the run table.
#pragma once

#include "commands/run/run_options.hpp"

#include <string>

namespace grp::cli {

/// Prints the built-in kernels to stdout.
void list_kernels();

/// Prints the starter spec for `cl_path` to stdout (JSON only, so `> FILE.json` saves it) and
/// its notes to stderr. A missing file, or one without a __kernel, is a usage_error.
void print_starter_spec(const std::string& cl_path);

/// --list, --describe (the run table's legend) or --print-spec: what the options ask for,
/// on stdout; no sweep, no OpenCL. Returns the exit status (0).
int list_or_describe(const run_cli_options& o);

} // namespace grp::cli
