// A starter spec for a .cl file that has none beside it: `run -k my.cl` without my.json prints
// one to copy instead of only asking for it. It is read off the kernels' signatures: each
// `__kernel` becomes an entry whose `args` are guessed from the parameter types (a `const
// __global` pointer is the input, the first other `__global` pointer the output, a `__local`
// pointer the scratch, an unsigned integer n); a role it cannot tell is written "TODO", which
// the spec reader refuses, so a guess is never run unseen. kernels/README.md has every field.
#pragma once

#include <string>

namespace grp {

/// The starter spec (JSON text, spec_version 1) for the kernels in `cl_text`, whose file name
/// (as the spec names it) is `source`. "" when the text has no `__kernel`.
std::string starter_spec(const std::string& cl_text, const std::string& source);

/// What the starter guessed that its JSON cannot say: one "note: ..." line per kernel that loops
/// over get_global_size(0) (a grid-stride loop, whose entry gets "grid": {"max_groups":
/// "8*cu"}: the launch grid decides its speed, and how to set it). "" when there is nothing.
std::string starter_spec_notes(const std::string& cl_text);

} // namespace grp
