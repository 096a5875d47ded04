// The lock file of a GPU whose settings a run changed: one per GPU under the state folder,
// written before the first change, holding what was changed and the values that put it back, and
// removed once they are back. The run restores at its end; its watchdog (control_watchdog.hpp)
// restores when the run dies first; and a lock whose run and watchdog are both gone (both were
// killed) is stale: the next run's start finds it, says so, and restores from it.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace grp {

struct control_lock {
    std::string path;      ///< the file
    long run_pid = 0;      ///< the run that changed the settings
    long watchdog_pid = 0; ///< its watchdog
    std::string library;   ///< the NVML library the run loaded (the tests' stand-in)
    std::string uuid;      ///< the GPU, as NVML names it
    bool clocks = false;   ///< the SM clock was locked: a reset puts it back
    bool memory_clocks = false;
    std::optional<unsigned> power_limit_mw; ///< the power limit before the run changed it
};

/// The folder of lock files: $GRP_CONTROL_STATE_DIR, else $XDG_STATE_HOME/gpu-reduce-prof, else
/// ~/.local/state/gpu-reduce-prof, else /var/tmp/gpu-reduce-prof-UID.
std::string control_state_dir();

/// The lock file of the GPU with this NVML UUID in `dir`.
std::string control_lock_path(const std::string& dir, const std::string& uuid);

/// Whether `dir` is a folder (not a link) of this user's that no one else may write: the only
/// kind whose locks are written or read.
bool private_dir(const std::string& dir);

/// Writes `lock` to lock.path (through a temporary file and a rename, so a reader never sees half
/// of it; the folder is made). Throws std::runtime_error with the path and errno's text, or when
/// the folder is not private_dir.
void write_control_lock(const control_lock& lock);

/// The lock at `path`; empty when it is missing or unreadable.
std::optional<control_lock> read_control_lock(const std::string& path);

/// Whether the process is gone (kill(pid, 0) says no such process).
bool process_gone(long pid);

/// Puts the GPU's settings back from `lock` (reset the locked clocks, set the power limit back)
/// through the NVML library this process would load (nvml_library_from_env; never the file's),
/// and removes the file when every step worked. Returns what it did, or why a step failed, in
/// words; `ok` false when a step failed (the file stays, for the next start to try again).
std::string restore_control_lock(const control_lock& lock, bool& ok);

/// Every lock in `dir` (a private_dir; else none) whose run and watchdog are both gone: restored
/// (restore_control_lock), one line each on what was found and done, for the user.
std::vector<std::string> recover_stale_locks(const std::string& dir);

} // namespace grp
