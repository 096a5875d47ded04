#include "grp/core/machine/control/control_lock.hpp"

#include "grp/core/machine/control/nvml_control.hpp"

#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace grp {

namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
    const char* v = std::getenv(name); // NOLINT(concurrency-mt-unsafe): read before any thread
    return v != nullptr ? v : "";
}

std::string watts(unsigned mw) {
    std::ostringstream s;
    s << mw / 1000.0 << " W";
    return s.str();
}

/// One step of a restore, said in words; a failure clears `ok`.
void step(std::string& out, bool& ok, const nvml_status& s, const std::string& what) {
    out += (out.empty() ? "" : "; ") + (s.ok() ? what : what + " failed: " + s.text());
    ok = ok && s.ok();
}

} // namespace

std::string control_state_dir() {
    if (auto d = env("GRP_CONTROL_STATE_DIR"); !d.empty()) {
        return d;
    }
    if (auto x = env("XDG_STATE_HOME"); !x.empty() && x.front() == '/') {
        return x + "/gpu-reduce-prof";
    }
    if (auto h = env("HOME"); !h.empty() && h.front() == '/') {
        return h + "/.local/state/gpu-reduce-prof";
    }
    return "/var/tmp/gpu-reduce-prof-" + std::to_string(::getuid());
}

std::string control_lock_path(const std::string& dir, const std::string& uuid) {
    std::string name;
    for (char c : uuid) { // a file name of the UUID's letters, digits and dashes only
        name += std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' ? c : '_';
    }
    return dir + "/control-" + name + ".lock";
}

void write_control_lock(const control_lock& lock) {
    const auto dir = fs::path(lock.path).parent_path().string();
    std::error_code ec;
    fs::create_directories(dir, ec);
    struct stat st {};
    if (::lstat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid()) {
        ::chmod(dir.c_str(), 0700); // whatever the umask: no one else writes a lock here
    }
    if (!private_dir(dir)) {
        throw std::runtime_error("the control lock folder " + dir +
                                 " is not a folder of this user's that only it may write; set "
                                 "GRP_CONTROL_STATE_DIR to one");
    }
    const auto tmp = lock.path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::trunc);
        f << "run_pid=" << lock.run_pid << "\nwatchdog_pid=" << lock.watchdog_pid
          << "\nlibrary=" << lock.library << "\nuuid=" << lock.uuid
          << "\nclocks=" << (lock.clocks ? 1 : 0)
          << "\nmemory_clocks=" << (lock.memory_clocks ? 1 : 0) << "\npower_limit_mw="
          << (lock.power_limit_mw ? std::to_string(*lock.power_limit_mw) : "") << "\n";
        if (!f.flush()) {
            throw std::runtime_error("cannot write the control lock " + tmp + ": " +
                                     std::strerror(errno)); // NOLINT(concurrency-mt-unsafe)
        }
    }
    if (std::rename(tmp.c_str(), lock.path.c_str()) != 0) {
        throw std::runtime_error("cannot write the control lock " + lock.path + ": " +
                                 std::strerror(errno)); // NOLINT(concurrency-mt-unsafe)
    }
}

std::optional<control_lock> read_control_lock(const std::string& path) {
    std::ifstream f(path);
    if (!f) {
        return std::nullopt;
    }
    control_lock l;
    l.path = path;
    std::string line;
    while (std::getline(f, line)) {
        const auto eq = line.find('=');
        const auto key = line.substr(0, eq);
        const auto value = eq == std::string::npos ? "" : line.substr(eq + 1);
        const auto number = [&value] {
            return std::strtol(value.c_str(), nullptr, 10);
        };
        if (key == "run_pid") {
            l.run_pid = number();
        } else if (key == "watchdog_pid") {
            l.watchdog_pid = number();
        } else if (key == "library") {
            l.library = value;
        } else if (key == "uuid") {
            l.uuid = value;
        } else if (key == "clocks") {
            l.clocks = value == "1";
        } else if (key == "memory_clocks") {
            l.memory_clocks = value == "1";
        } else if (key == "power_limit_mw" && !value.empty()) {
            l.power_limit_mw = static_cast<unsigned>(std::strtoul(value.c_str(), nullptr, 10));
        }
    }
    return l;
}

bool process_gone(long pid) {
    if (pid <= 0 || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)) {
        return true;
    }
    // A zombie is gone too: a killed watchdog whose run died first waits for a reaper that a
    // container's first process may never be.
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(stat, line);
    const auto paren = line.rfind(')');
    return paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] == 'Z';
}

std::string restore_control_lock(const control_lock& lock, bool& ok) {
    std::string why; // the library this process would load: a lock file never names code to run
    auto gpu = nvml_control::open(nvml_library_from_env(), std::nullopt, lock.uuid, why);
    if (!gpu) {
        ok = false;
        return "cannot restore " + lock.uuid + ": " + why;
    }
    ok = true;
    std::string out;
    if (lock.clocks) {
        step(out, ok, gpu->reset_clocks(), "reset the locked SM clock");
    }
    if (lock.memory_clocks) {
        step(out, ok, gpu->reset_memory_clocks(), "reset the locked memory clock");
    }
    if (lock.power_limit_mw) {
        step(out, ok, gpu->set_power_limit_mw(*lock.power_limit_mw),
             "set the power limit back to " + watts(*lock.power_limit_mw));
    }
    if (ok) {
        std::error_code ec;
        fs::remove(lock.path, ec);
    }
    return out.empty() ? "nothing was changed" : out;
}

bool private_dir(const std::string& dir) {
    struct stat st {};
    return ::lstat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid() &&
           (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

std::vector<std::string> recover_stale_locks(const std::string& dir) {
    std::vector<std::string> lines;
    if (!private_dir(dir)) {
        return lines; // absent, or a folder others may write (a planted lock is never read)
    }
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const auto name = it->path().filename().string();
        if (name.rfind("control-", 0) != 0 || it->path().extension() != ".lock") {
            continue;
        }
        const auto lock = read_control_lock(it->path().string());
        if (!lock || !process_gone(lock->run_pid) || !process_gone(lock->watchdog_pid)) {
            continue; // a run that still holds its GPU, with its watchdog
        }
        bool ok = false;
        const auto done = restore_control_lock(*lock, ok);
        lines.push_back("found a stale control lock " + lock->path + " (run pid " +
                        std::to_string(lock->run_pid) + " and its watchdog ended without " +
                        "restoring " + lock->uuid + "): " + done +
                        (ok ? ""
                            : " (the lock stays; run as a user NVML lets set them, or "
                              "reset the GPU's clocks and power limit with nvidia-smi)"));
    }
    return lines;
}

} // namespace grp
