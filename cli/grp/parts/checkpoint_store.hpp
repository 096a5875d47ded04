// Where `run`'s profile goes on every way out: the end, an error, a second signal while a kernel
// runs for minutes. The named output first; when it cannot be written (its folder removed or
// made read-only, the disk full, another process created the file), a rescue file beside it or
// in $TMPDIR, and the error says where. The last checkpoint waits here for a second signal.
#pragma once

#include "grp/core/files/output_file.hpp"
#include "grp/model/profile/profile.hpp"

#include <functional>
#include <mutex>
#include <optional>
#include <string>

namespace grp::parts {

/// Writes `text` to `first` when given (a new file: a part's part_rescue_path), else to a new
/// "gpu-reduce-prof-rescued-*.json" beside `out` (when that is a regular file or absent), else
/// in $TMPDIR (/tmp). Returns its path, or "" when no place took it.
std::string write_rescue_file(const std::string& text, const std::string& out,
                              const std::string& first = "");

/// Writes the profile to `out`, or, when that fails, to a rescue file (`first` first); then
/// rethrows the write error (its exit code) with the rescue file named.
void save_or_rescue(const profile& p, const output_file& out, const std::string& first = "");

// The last checkpoint of the profile, written by the signal thread when a second signal says
// "stop now" while a kernel is still running. The final save goes through here too, under the
// same lock: a second signal during it waits for it and never replaces the finished profile
// with an older checkpoint.
class checkpoint_store {
public:
    /// `rescue`: where a process of --runs rescues its part first (part_rescue_path), where its
    /// parent looks for it; "" for the usual places (write_rescue_file).
    explicit checkpoint_store(output_file out, std::string rescue = "")
        : m_out(std::move(out)), m_rescue(std::move(rescue)) {}
    [[nodiscard]] const output_file& out() const { return m_out; }
    /// Writes the finished (or cut short) profile: the run's last word on the file.
    void save_final(const profile& p);
    /// Keeps `p` (marked incomplete) as what a second signal writes, and `own`, the same
    /// without --resume's cases, as what a hung launch hands to a fresh process (which adds
    /// --resume's itself).
    void update(profile p, profile own);
    /// The last checkpoint update() kept (marked incomplete), if any.
    [[nodiscard]] std::optional<profile> last_checkpoint();
    /// The last `own` update() kept, if any.
    [[nodiscard]] std::optional<profile> last_own();
    /// Writes the last checkpoint (unless the final profile is saved, or it holds no case) and
    /// ends the process with 128 + `sig`.
    [[noreturn]] void write_and_exit(int sig);
    /// For the parts of --runs: `after_save` runs after every successful save (the merged
    /// parts may go); `at_exit` returns a line on what stays where before write_and_exit ends
    /// the process ("" for nothing).
    void set_hooks(std::function<void()> after_save, std::function<std::string()> at_exit);

private:
    output_file m_out;
    std::mutex m_mutex;
    profile m_profile, m_own;
    bool m_has = false;
    bool m_final_saved = false;
    std::function<void()> m_after_save;
    std::function<std::string()> m_at_exit;
    std::string m_rescue;
};

} // namespace grp::parts
