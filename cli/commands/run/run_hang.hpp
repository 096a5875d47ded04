// A launch that never completes, in the command: the case is recorded failed as hung, the
// finished work and the hung case are written to a file beside the profile, and the process
// becomes a fresh one (exec of this binary with --after-hang FILE): a hung OpenCL launch
// cannot be cancelled, and only the end of the process frees the device and the driver's
// threads (PoCL's spin on a CPU core forever). Same pid, so the parent of --runs, `timeout`
// and CI see one process; the new one skips what the file holds and adds it to its profile.
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/parts/checkpoint_store.hpp"
#include "grp/run/run_options.hpp"

#include <string>
#include <vector>

namespace grp::cli {

/// The handler of a hung launch (run_options::on_hang) for this process: `store` holds its
/// last checkpoint (at least the start of the group that hung), `opts` its options, `argv` its
/// command line. It never returns: exec, or on a signal already asked for (or an exec that
/// fails) the profile is saved and the process ends (128 + the signal, or 3). With
/// --after-hang, every save of `store` (the final one, a signal's) removes that file after it.
run::on_hang_fn continue_after_hang(parts::checkpoint_store& store, const run::run_options& opts,
                                    std::vector<std::string> argv);

/// `argv` up to --after-hang: without the arguments a hung launch's hand-over appends (the
/// command line the profile records).
std::vector<std::string> without_after_hang(const std::vector<std::string>& argv);

/// With --after-hang, `p` (this process's) becomes the union with that file's profile, as
/// --resume's (resume_union) but silently and keeping `p`'s settings and completeness.
void with_after_hang(profile& p, const run::run_options& opts);

/// Removes --after-hang's file (its cases are in a profile saved since, or in a newer hand-over).
void drop_after_hang_file(const run::run_options& opts);

} // namespace grp::cli
