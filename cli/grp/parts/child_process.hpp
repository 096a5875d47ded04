// The processes of `run --runs` as POSIX children: each starts as this executable in a process
// group of its own (so Ctrl-C reaches only the parent, which passes it on once: a second copy
// would make the child stop at once), dies with the parent, and is the follower that Ctrl-Z, fg
// and a second signal reach (run/interrupt.hpp). What a child's end means for the run (go on,
// stop for a signal, stop with its error) is decided here too.
#pragma once

#include <cstddef>
#include <string>
#include <sys/types.h>
#include <vector>

namespace grp::parts {

/// Where a child lives besides its arguments: its process group (0: one of its own, led by
/// it; else the group of an earlier child, which must not have been waited for yet) and the
/// descriptor its stdout and stderr go to (-1: this process's).
struct child_io {
    pid_t group = 0;
    int output_fd = -1;
};

/// Starts /proc/self/exe with `args` (args[0] is its argv[0]) as a child in the process group
/// `io.group` says, ended by SIGTERM when this process dies, and follows it (run::set_follower:
/// the child, or its whole group). Throws error (exit_code::internal) when it cannot fork.
pid_t start_child(const std::vector<std::string>& args, const child_io& io = {});

/// Waits for `pid`, passing a stop request (run::interrupted) on to it once; returns its wait
/// status. Throws error (exit_code::internal) when the child is lost.
int wait_child(pid_t pid);

/// Judges child `i` of `count`'s wait status: returns to go on (exit 0, 1: its wrong results
/// are in its profile, 7), or after recording a signal (killed by SIGINT, SIGTERM or SIGHUP, or
/// exit 128 + N: it saved its finished rounds) with run::request_interrupt; throws error with
/// its exit code otherwise, or exit_code::process_killed (10) for any other signal (SIGKILL:
/// the out-of-memory killer), never 128 + N, which would say the parent itself was killed.
/// `kept` ends every message: what the run keeps.
void judge_child(int status, std::size_t i, std::size_t count, const std::string& kept);

} // namespace grp::parts
