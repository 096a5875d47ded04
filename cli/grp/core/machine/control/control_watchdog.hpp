// The watchdog of a run that changes a GPU's settings: a process forked before anything is
// changed (and before the run starts a thread), which holds one end of a socket pair whose other
// end only the run holds. The run tells it each lock file it writes and each it has restored
// itself; when the socket reaches its end without that — the run exited, crashed or was killed,
// SIGKILL included — the watchdog restores from every lock it still holds and removes them
// (control_lock.hpp). It leaves the run's session and ignores the terminal's signals, so a Ctrl-C
// that stops the run does not stop the restore.
#pragma once

#include <string>
#include <sys/types.h>

namespace grp {

class control_watchdog {
public:
    /// Forks the watchdog. Call before the process starts a thread. Throws std::runtime_error
    /// when a thread runs already, or the socket pair or the fork fails (the run then changes
    /// nothing).
    control_watchdog();
    /// Closes the socket and waits for the watchdog to end (at once when it holds no lock).
    ~control_watchdog();
    control_watchdog(const control_watchdog&) = delete;
    control_watchdog& operator=(const control_watchdog&) = delete;
    control_watchdog(control_watchdog&&) = delete;
    control_watchdog& operator=(control_watchdog&&) = delete;

    [[nodiscard]] pid_t pid() const { return pid_; }
    /// The watchdog restores from the lock at `path` if the run ends before release(path).
    void hold(const std::string& path);
    /// The run restored the lock at `path` itself: the watchdog forgets it.
    void release(const std::string& path);

private:
    void send(char what, const std::string& path);
    pid_t pid_ = -1;
    int fd_ =
        -1; ///< the run's end of the socket pair (close-on-exec: no child of the run holds it)
};

} // namespace grp
