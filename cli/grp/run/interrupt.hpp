// Stopping a run without losing finished work. INT, TERM and HUP (Ctrl-C, CI cancel or
// `timeout`, a closed terminal) are blocked in every thread and received by one signal thread:
// the first sets interrupted(), which the runner polls between launches and rounds, so it saves
// what is finished and exits 128 + the signal; a second one (a kernel that runs for minutes)
// calls the handler given to start_signal_thread, which writes the last checkpoint and ends the
// process at once; so does a first signal not obeyed within the grace (a hung launch keeps the
// runner from ever polling), so one signal ends any run within seconds. SIGPIPE is ignored:
// `run ... | head` must not lose the profile. The parent of `run --runs` follows its measuring
// child (set_follower), which sits in a process group of its own where the terminal's signals do
// not reach it: Ctrl-Z (SIGTSTP) stops the child with the parent, SIGCONT (`fg`, `bg`) resumes it,
// and a second signal goes to the child (which writes its last checkpoint and ends at once) instead
// of ending the parent before it merged the parts.
#pragma once

#include <functional>

namespace grp::run {

/// Seconds a stop of run may take before the signal counts twice (and once more for a
/// follower): start_signal_thread's grace.
constexpr int stop_grace_s = 3;

/// True once the grace after a stop passed and the signal thread counted the signal again.
bool stop_grace_expired();

/// True once a stop was requested (a signal, or request_interrupt()).
bool interrupted();
/// The signal that asked to stop (SIGINT, SIGTERM, SIGHUP), 0 when none.
int interrupt_signal();
/// Asks the run to stop as if `signal` had arrived (tests, and the runner itself).
void request_interrupt(int signal = 2);

/// Blocks INT, TERM, HUP, TSTP and CONT in the calling thread, so in every thread created after it
/// (call it before OpenCL starts driver threads), ignores SIGPIPE, and starts the signal thread.
/// `on_second(signal)` runs on that thread when a second signal arrives, or when the first one
/// is not obeyed within `grace_s` seconds (> 0; run gives stop_grace_s, check has a watchdog
/// of its own); it must not return (write the checkpoint, then _exit). Call once per process.
void start_signal_thread(std::function<void(int)> on_second, int grace_s = 0);

/// Follows process `pid` (> 0; a process group -PGID: the device processes of run -d all, all
/// at once; 0: none): SIGTSTP stops it with this process, SIGCONT resumes it, and the first
/// signal after the first INT/TERM/HUP is passed on to it instead of calling on_second (a third
/// one calls it).
void set_follower(int pid);
/// The process (or -group) set_follower follows now, 0 when none.
int follower();

/// "SIGINT", "SIGTERM", "SIGHUP", "SIGKILL" and other common names, or "a signal".
const char* signal_name(int signal);

} // namespace grp::run
