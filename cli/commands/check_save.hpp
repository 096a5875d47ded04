// Where `check`'s profile goes on every way out. Each case the simulator finishes is kept as a
// checkpoint (the profile so far, marked incomplete); a signal that finds a case still running
// on the simulator (a kernel that never ends) waits a bounded grace, then writes that
// checkpoint, or a rescue file when the output cannot be written
// (grp/parts/checkpoint_store.hpp), says where, and ends the process. The final save takes the same
// lock, so a late signal never replaces the finished profile with an older checkpoint.
#pragma once

#include "grp/core/files/output_file.hpp"
#include "grp/model/profile/profile.hpp"

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

namespace grp::cli {

class check_save {
public:
    explicit check_save(output_file out) : m_out(std::move(out)) {}
    ~check_save(); ///< the watchdog stops
    check_save(const check_save&) = delete;
    check_save& operator=(const check_save&) = delete;

    [[nodiscard]] const output_file& out() const { return m_out; }
    /// The cases checked so far (`p`'s header, `checked` as its cases), marked incomplete.
    void update(const profile& p, std::vector<case_result> checked);
    /// Writes the finished (or cut short) profile, rescued when the output fails (rethrows the
    /// write error with the rescue file named).
    void save_final(const profile& p);
    /// `f` runs before a signal's save (the simulator gives stdout back, for `-o -`); empty:
    /// nothing.
    void set_before_save(std::function<void()> f);
    /// Starts a thread that, once a signal asked to stop, waits `grace_s` seconds for the case
    /// in progress and then calls stop_now.
    void start_watchdog(double grace_s);
    /// Writes the last checkpoint (unless the final profile is saved), says where, removes
    /// nothing else (the simulator keeps no files) and ends the process with 128 + `sig`.
    [[noreturn]] void stop_now(int sig);

private:
    output_file m_out;
    std::mutex m_mutex;
    profile m_checkpoint;
    bool m_has = false, m_final_saved = false;
    std::function<void()> m_before_save;
    std::atomic<bool> m_done{false};
    std::thread m_watchdog;
};

} // namespace grp::cli
