#include "grp/parts/device_parts.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/parts/child_process.hpp"
#include "grp/run/interrupt.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace grp::parts {

namespace {

/// A device's process as the parent sees it.
struct child {
    device_info info;
    pid_t pid = 0;
    int fd = -1;            ///< the read end of its output; -1 once closed
    std::string pending;    ///< output after its last line end
    std::string error_line; ///< its last "error: " line, without the word
    bool running = true;
    int status = 0; ///< its wait status once it ended
};

void emit(child& c, const std::string& line) {
    std::cerr << device_prefix(c.info) << line << '\n';
    for (const std::string word : {"error: ", "internal error: "}) {
        if (line.rfind(word, 0) == 0) {
            c.error_line = line.substr(word.size());
        }
    }
}

/// Prints what the process wrote so far, line by line; false at its end (or a read error).
bool drain(child& c) {
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(c.fd, buf, sizeof buf);
        if (n > 0) {
            c.pending.append(buf, static_cast<std::size_t>(n));
            for (auto nl = c.pending.find('\n'); nl != std::string::npos;
                 nl = c.pending.find('\n')) {
                emit(c, c.pending.substr(0, nl));
                c.pending.erase(0, nl + 1);
            }
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
        }
    }
}

void close_output(child& c) {
    if (!c.pending.empty()) {
        emit(c, c.pending);
        c.pending.clear();
    }
    ::close(c.fd);
    c.fd = -1;
}

/// Starts device i's process in `group` (0: the first, which leads it) with its output on a
/// pipe of its own; the pipe's ends are closed in every later process (O_CLOEXEC).
child start_one(const std::vector<std::string>& argv, const device_info& info,
                std::uint64_t order_seed, const std::string& path, pid_t group) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        throw error(std::string("cannot make a pipe for the process of device ") +
                        std::to_string(info.index) + ": " + std::strerror(errno),
                    exit_code::internal);
    }
    child c;
    c.info = info;
    try {
        c.pid = start_child(device_child_args(argv, info, order_seed, path), {group, fds[1]});
    } catch (...) {
        ::close(fds[0]);
        ::close(fds[1]);
        throw;
    }
    ::close(fds[1]);
    ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
    c.fd = fds[0];
    return c;
}

std::vector<child> start_all(const std::vector<std::string>& argv,
                             const std::vector<device_info>& devices, std::uint64_t order_seed,
                             const part_folder& folder) {
    std::vector<child> kids;
    pid_t group = 0;
    try {
        for (std::size_t i = 0; i < devices.size(); ++i) {
            kids.push_back(start_one(argv, devices[i], order_seed, folder.file(i + 1), group));
            group = kids.front().pid;
        }
    } catch (...) {
        if (group != 0) {
            ::kill(-group, SIGTERM); // the ones started save their finished work and end
        }
        throw;
    }
    run::set_follower(-static_cast<int>(group)); // Ctrl-Z, fg and a second signal reach all
    return kids;
}

/// Says when a process ends, and at once when it failed: the others go on.
void announce_end(const child& c) {
    const std::string failure = child_failure(c.status, "", c.error_line);
    if (failure.empty()) {
        return;
    }
    std::cerr << device_prefix(c.info) << "error: " << terminal_escape(c.info.name)
              << " failed: " << terminal_escape(failure) << '\n'
              << device_prefix(c.info)
              << "the other devices' processes go on; this one is marked failed in the profile\n";
}

/// Prints every process's output as it comes and waits for all of them to end.
void wait_all(std::vector<child>& kids) {
    bool passed_on = false;
    for (;;) {
        std::vector<pollfd> fds;
        bool running = false;
        for (const auto& c : kids) {
            running = running || c.running;
            if (c.fd >= 0) {
                fds.push_back({c.fd, POLLIN, 0});
            }
        }
        if (!running && fds.empty()) {
            break;
        }
        ::poll(fds.data(), fds.size(), 20);
        for (auto& c : kids) {
            if (c.fd >= 0 && !drain(c)) {
                close_output(c);
            }
            if (c.running && ::waitpid(c.pid, &c.status, WNOHANG) == c.pid) {
                c.running = false;
                announce_end(c);
            }
            if (run::interrupted() && !passed_on && c.running) {
                ::kill(c.pid, run::interrupt_signal());
                ::kill(c.pid, SIGCONT); // a stopped process would keep the signal pending
            }
        }
        passed_on = passed_on || run::interrupted();
    }
    run::set_follower(0);
}

/// A process that a signal stopped (it saved its finished rounds) stops this run too.
void note_interruption(int status) {
    int sig = 0;
    if (WIFSIGNALED(status)) {
        sig = WTERMSIG(status);
    } else if (WEXITSTATUS(status) > 128 && WEXITSTATUS(status) < 160) {
        sig = WEXITSTATUS(status) - 128;
    }
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
        run::request_interrupt(sig);
    }
}

device_part outcome(const child& c, std::size_t i, part_folder& folder) {
    device_part dp;
    dp.info = c.info;
    const std::string path = folder.file(i);
    std::string unread;
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        try {
            dp.part = load_profile(path);
            folder.merged(i);
        } catch (const error& e) {
            unread = "its part could not be read (" + terminal_escape(e.what(), true) +
                     ") and stays at " + terminal_escape(path);
        }
    }
    note_interruption(c.status);
    const std::string reason = dp.part && !dp.part->complete ? dp.part->incomplete_reason : "";
    dp.failure = child_failure(c.status, reason, c.error_line);
    if (dp.failure.empty() && !unread.empty()) {
        dp.failure = unread;
    }
    if (!dp.failure.empty()) {
        dp.exit_status = WIFEXITED(c.status) ? WEXITSTATUS(c.status)
                                             : static_cast<int>(exit_code::process_killed);
    }
    return dp;
}

} // namespace

std::vector<std::string> device_child_args(const std::vector<std::string>& argv,
                                           const device_info& info, std::uint64_t order_seed,
                                           const std::string& path) {
    std::vector<std::string> args = argv;
    args.insert(args.end(), {"--device-child", std::to_string(info.index), "--part-output", path,
                             "--order-seed", std::to_string(order_seed)});
    return args;
}

std::string device_prefix(const device_info& info) {
    return "[device " + std::to_string(info.index) + "] ";
}

std::string child_failure(int status, const std::string& part_reason,
                          const std::string& error_line) {
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
            return "";
        }
        return std::string("its process was killed by ") + run::signal_name(sig) + " (signal " +
               std::to_string(sig) + ")" +
               (sig == SIGKILL ? " (often the out-of-memory killer: see `dmesg`)" : "");
    }
    const int code = WEXITSTATUS(status);
    if (code == 0 || code == static_cast<int>(exit_code::regression_or_wrong) ||
        code == static_cast<int>(exit_code::nothing_measured) || (code > 128 && code < 160)) {
        return "";
    }
    const std::string why = !part_reason.empty()  ? part_reason
                            : !error_line.empty() ? error_line
                                                  : "its process stopped (its output is above)";
    return why + " (exit status " + std::to_string(code) + ")";
}

std::vector<device_part> run_device_children(const std::vector<std::string>& argv,
                                             const std::vector<device_info>& devices,
                                             std::uint64_t order_seed, part_folder& folder) {
    auto kids = start_all(argv, devices, order_seed, folder);
    wait_all(kids);
    std::vector<device_part> out;
    for (std::size_t i = 0; i < kids.size(); ++i) {
        out.push_back(outcome(kids[i], i + 1, folder));
    }
    return out;
}

} // namespace grp::parts
