#include "grp/core/process/command_output.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <iterator>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace grp {

namespace {

struct pipe_pair {
    int read = -1, write = -1;
};

bool make_pipe(pipe_pair& p) {
    std::array<int, 2> fds{};
    if (pipe2(fds.data(), O_CLOEXEC) != 0) {
        return false;
    }
    p = {fds[0], fds[1]};
    return true;
}

/// The environment `env_changes` makes of ours ("NAME=VALUE" sets, "NAME" removes).
std::vector<std::string> child_environment(const std::vector<std::string>& env_changes) {
    const auto name_of = [](const std::string& entry) {
        return entry.substr(0, entry.find('='));
    };
    std::vector<std::string> names, env;
    std::transform(env_changes.begin(), env_changes.end(), std::back_inserter(names), name_of);
    for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
        std::string entry(*e);
        if (std::find(names.begin(), names.end(), name_of(entry)) == names.end()) {
            env.push_back(std::move(entry));
        }
    }
    std::copy_if(env_changes.begin(), env_changes.end(), std::back_inserter(env),
                 [](const std::string& c) { return c.find('=') != std::string::npos; });
    return env;
}

/// execve's view of `strings`: pointers into them, then a null. Built before fork: the child
/// of a threaded program (run's signal and driver threads) must not allocate.
std::vector<char*> c_strings(std::vector<std::string>& strings) {
    std::vector<char*> out;
    out.reserve(strings.size() + 1);
    for (auto& s : strings) {
        out.push_back(s.data());
    }
    out.push_back(nullptr);
    return out;
}

/// In the child: a process group of its own (so that a timeout kills what the program started
/// as well), standard input /dev/null, the pipes as standard output and error.
[[noreturn]] void exec_child(char* const* argv, char* const* envp, int out_fd, int err_fd) {
    setpgid(0, 0);
    const int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) {
        _exit(127);
    }
    execvpe(argv[0], argv, envp);
    _exit(127);
}

/// Kills the program and every process left in its group. Called only before the program is
/// reaped: until then its pid, the group's id, cannot name another process.
void kill_group(pid_t pid) {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL); // in case the group could not be made
}

/// Milliseconds left before `deadline` (0 when it has passed).
int ms_left(std::chrono::steady_clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    return static_cast<int>(std::max<std::chrono::milliseconds::rep>(0, left.count()));
}

/// Reads both pipes until both close; what passes `max_bytes` on a stream is read and dropped.
/// A program still writing (or silent with its pipes open) at the deadline is killed: a stopped
/// or hung git must not hold `run` forever.
void drain(pid_t pid, const pipe_pair& out, const pipe_pair& err, const command_limits& limits,
           std::chrono::steady_clock::time_point deadline, command_result& r) {
    std::array<pollfd, 2> fds{{{out.read, POLLIN, 0}, {err.read, POLLIN, 0}}};
    std::array<std::string*, 2> dest{&r.out, &r.err};
    std::array<char, 65536> buf{};
    const std::size_t max_bytes = limits.max_bytes;
    int open_count = 2;
    while (open_count > 0) {
        const int ready = poll(fds.data(), fds.size(), ms_left(deadline));
        if (ready < 0 && errno == EINTR) {
            continue;
        }
        if (ready <= 0) {
            r.problem = ready < 0 ? std::string("poll: ") + std::strerror(errno)
                                  : "it did not finish within " +
                                        std::to_string(limits.timeout.count()) + " s (killed)";
            kill_group(pid);
            return;
        }
        for (std::size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) {
                continue;
            }
            const ssize_t got = read(fds[i].fd, buf.data(), buf.size());
            if (got < 0 && errno == EINTR) {
                continue;
            }
            if (got <= 0) {
                fds[i].fd = -1;
                --open_count;
                continue;
            }
            const auto n = static_cast<std::size_t>(got);
            const std::size_t room = max_bytes - std::min(max_bytes, dest[i]->size());
            dest[i]->append(buf.data(), std::min(n, room));
            r.truncated = r.truncated || (i == 0 && n > room);
        }
    }
}

/// Waits for the program; one that closed its pipes but lives past the deadline is killed.
int reap(pid_t pid, std::chrono::steady_clock::time_point deadline, const command_limits& limits,
         command_result& r) {
    int status = 0;
    for (;;) {
        const pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid || (got < 0 && errno != EINTR)) {
            return status;
        }
        if (got == 0 && ms_left(deadline) == 0) {
            kill_group(pid);
            if (r.problem.empty()) {
                r.problem = "it did not finish within " + std::to_string(limits.timeout.count()) +
                            " s (killed)";
            }
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            return status;
        }
        if (got == 0) {
            usleep(5000);
        }
    }
}

} // namespace

command_result command_output(const std::vector<std::string>& argv, const command_limits& limits,
                              const std::vector<std::string>& env_changes) {
    if (argv.empty()) {
        throw std::invalid_argument("command_output: empty argv");
    }
    auto args = argv;
    auto env = child_environment(env_changes);
    const auto arg_ptrs = c_strings(args);
    const auto env_ptrs = c_strings(env);
    command_result r;
    const auto deadline = std::chrono::steady_clock::now() + limits.timeout;
    pipe_pair out, err;
    if (!make_pipe(out) || !make_pipe(err)) {
        r.problem = std::string("pipe: ") + std::strerror(errno);
        for (const int fd : {out.read, out.write, err.read, err.write}) {
            if (fd >= 0) {
                close(fd);
            }
        }
        return r;
    }
    const pid_t pid = fork();
    if (pid == 0) {
        exec_child(arg_ptrs.data(), env_ptrs.data(), out.write, err.write);
    }
    if (pid > 0) {
        setpgid(pid, pid); // as the child does: whichever runs first makes the group
    }
    close(out.write);
    close(err.write);
    if (pid < 0) {
        r.problem = std::string("fork: ") + std::strerror(errno);
    } else {
        drain(pid, out, err, limits, deadline, r);
    }
    close(out.read);
    close(err.read);
    const int status = pid > 0 ? reap(pid, deadline, limits, r) : 0;
    r.exit_status = pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.started = pid > 0 && r.exit_status != 127;
    if (pid > 0 && r.exit_status == 127 && r.problem.empty()) {
        r.problem = argv[0] + " could not be run (not installed, or not in PATH)";
    }
    if (r.truncated && r.problem.empty()) {
        r.problem = "its output passed " + std::to_string(limits.max_bytes) + " bytes";
    }
    return r;
}

} // namespace grp
