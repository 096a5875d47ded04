#include "grp/core/process/command_output.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
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

[[noreturn]] void exec_child(const std::vector<std::string>& argv, int out_fd, int err_fd) {
    const int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) {
        _exit(127);
    }
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const auto& a : argv) {
        args.push_back(const_cast<char*>(a.c_str())); // NOLINT: execvp's signature
    }
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
}

/// Reads both pipes until both close; what passes `max_bytes` on a stream is read and dropped.
void drain(int out_fd, int err_fd, std::size_t max_bytes, command_result& r) {
    std::array<pollfd, 2> fds{{{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}}};
    std::array<std::string*, 2> dest{&r.out, &r.err};
    std::array<char, 65536> buf{};
    int open_count = 2;
    while (open_count > 0) {
        if (poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            r.problem = std::string("poll: ") + std::strerror(errno);
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

} // namespace

command_result command_output(const std::vector<std::string>& argv, std::size_t max_bytes) {
    if (argv.empty()) {
        throw std::invalid_argument("command_output: empty argv");
    }
    command_result r;
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
        exec_child(argv, out.write, err.write);
    }
    close(out.write);
    close(err.write);
    if (pid < 0) {
        r.problem = std::string("fork: ") + std::strerror(errno);
    } else {
        drain(out.read, err.read, max_bytes, r);
    }
    close(out.read);
    close(err.read);
    int status = 0;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    r.exit_status = pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.started = pid > 0 && r.exit_status != 127;
    if (pid > 0 && r.exit_status == 127 && r.problem.empty()) {
        r.problem = argv[0] + " could not be run (not installed, or not in PATH)";
    }
    if (r.truncated && r.problem.empty()) {
        r.problem = "its output passed " + std::to_string(max_bytes) + " bytes";
    }
    return r;
}

} // namespace grp
