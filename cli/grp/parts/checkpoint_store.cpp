#include "grp/parts/checkpoint_store.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/run/interrupt.hpp"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <unistd.h>
#include <vector>

namespace grp::parts {

namespace fs = std::filesystem;

namespace {

// The whole text into a fresh file `fd` (closed here); false when any of it failed.
bool write_all(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n <= 0 && errno != EINTR) {
            break;
        }
        done += n > 0 ? static_cast<std::size_t>(n) : 0;
    }
    return ::close(fd) == 0 && done == text.size();
}

} // namespace

std::string write_rescue_file(const std::string& text, const std::string& out,
                              const std::string& first) {
    if (!first.empty()) { // O_EXCL: a fresh file, never a symlink planted there
        const int fd = ::open(first.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0 && write_all(fd, text)) {
            return first;
        }
        if (fd >= 0) {
            ::unlink(first.c_str());
        }
    }
    const fs::path target(out);
    const char* tmpdir = std::getenv("TMPDIR");
    std::vector<fs::path> dirs;
    std::error_code ec;
    // Beside a regular file; never in /dev beside a device the user named.
    if (!fs::exists(target, ec) || fs::is_regular_file(target, ec)) {
        dirs.push_back(target.has_parent_path() ? target.parent_path() : fs::path("."));
    }
    dirs.emplace_back(tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp");
    for (const auto& dir : dirs) {
        std::string name = (dir / "gpu-reduce-prof-rescued-XXXXXX.json").string();
        const int fd = ::mkstemps(name.data(), 5); // O_EXCL: a fresh file, never a symlink
        if (fd < 0) {
            continue;
        }
        if (write_all(fd, text)) {
            return name;
        }
        ::unlink(name.c_str());
    }
    return "";
}

void save_or_rescue(const profile& p, const output_file& out, const std::string& first) {
    const std::string text = profile_text(p);
    try {
        out.write(text);
    } catch (const error& e) {
        const std::string rescued = write_rescue_file(text, out.path(), first);
        throw error(std::string(e.what()) +
                        (rescued.empty() ? "\nthe profile could not be saved anywhere"
                                         : "\nthe profile (" + std::to_string(p.cases.size()) +
                                               " cases) was saved to " + rescued + " instead"),
                    e.code());
    }
}

void checkpoint_store::save_final(const profile& p) {
    std::lock_guard<std::mutex> lock(m_mutex);
    save_or_rescue(p, m_out, m_rescue);
    m_final_saved = true;
    if (m_after_save) {
        m_after_save();
    }
}

void checkpoint_store::update(profile p, profile own) {
    p.complete = false;
    p.incomplete_reason = "stopped by a second signal during a launch; the cases finished "
                          "up to the last round are kept";
    std::lock_guard<std::mutex> lock(m_mutex);
    m_profile = std::move(p);
    m_own = std::move(own);
    m_has = true;
}

void checkpoint_store::set_hooks(std::function<void()> after_save,
                                 std::function<std::string()> at_exit) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_after_save = std::move(after_save);
    m_at_exit = std::move(at_exit);
}

std::optional<profile> checkpoint_store::last_checkpoint() {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_has ? std::optional<profile>(m_profile) : std::nullopt;
}

std::optional<profile> checkpoint_store::last_own() {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_has ? std::optional<profile>(m_own) : std::nullopt;
}

void checkpoint_store::write_and_exit(int sig) {
    std::lock_guard<std::mutex> lock(m_mutex);
    // A second signal, or the first one still not obeyed after the grace (a hung launch).
    const std::string why = run::stop_grace_expired()
                                ? std::string(run::signal_name(sig)) + " not obeyed within " +
                                      std::to_string(run::stop_grace_s) +
                                      " s (a launch still running); stopped"
                                : std::string("stopped by a second ") + run::signal_name(sig);
    try {
        if (m_final_saved) {
            std::cerr << '\n'
                      << why << " after the profile was saved to " << terminal_escape(m_out.path())
                      << '\n';
        } else if (m_has && !m_profile.cases.empty()) {
            save_or_rescue(m_profile, m_out, m_rescue);
            if (m_after_save) {
                m_after_save();
            }
            std::cerr << '\n'
                      << why << ": finished rounds saved to " << terminal_escape(m_out.path())
                      << '\n';
        } else {
            std::cerr << '\n' << why << " before any case finished; nothing written\n";
        }
    } catch (const std::exception& e) {
        std::cerr << "\nstopped; " << terminal_escape(e.what(), true) << '\n';
    }
    try {
        if (const std::string line = m_at_exit ? m_at_exit() : ""; !line.empty()) {
            std::cerr << "note: " << line << '\n';
        }
    } catch (const std::exception& e) {
        std::cerr << "note: " << terminal_escape(e.what(), true) << '\n';
    }
    std::cerr.flush();
    _exit(128 + sig);
}

} // namespace grp::parts
