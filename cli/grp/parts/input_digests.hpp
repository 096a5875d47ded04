// One invocation, one input snapshot. Every process of `run --runs` reads the kernel specs, the
// kernel sources and `--data file:` again, so an edit during a run would give a profile whose
// processes measured different kernels or data. The parent hashes every input once and hands
// each process the digests (--part-input); a process whose files hash otherwise stops before it
// measures, and again before it writes its part, naming the file that changed, and the parent
// keeps the processes that finished before the change.
#pragma once

#include "grp/run/run_options.hpp"

#include <string>
#include <vector>

namespace grp::parts {

/// The files the run reads (user kernel specs and sources, --data file:PATH): the output
/// must be none of them.
std::vector<std::string> run_input_files(const run::run_options& o);

/// "SHA256:PATH" for every file the run reads, each once, in run_input_files' order (without
/// --resume's profile, which only this process reads): a kernel source as read into the run's
/// kernels (the text that is built), a spec and a --data file as they are on disk now (a file
/// that cannot be read has the digest "unreadable"). Data files are hashed in pieces.
/// `sources_from_disk`: the sources as they are on disk now (the parent's check after a process
/// stopped), not as read into the kernels.
std::vector<std::string> input_digests(const run::run_options& o, bool sources_from_disk = false);

/// Throws file_error (exit 5) when input_digests(o) differs from `expected` (the parent's),
/// naming each file that changed, appeared or can no longer be read. `when` says at which point
/// the check ran ("before measuring", "after measuring").
void check_input_digests(const std::vector<std::string>& expected, const run::run_options& o,
                         const std::string& when, bool sources_from_disk = false);

} // namespace grp::parts
