#include "grp/core/machine/control/control_watchdog.hpp"

#include "grp/core/machine/control/control_lock.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <set>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace grp {

namespace {

/// The watchdog's life: reads "H path" and "R path" lines until the socket ends, then restores
/// from every lock still held. Never returns.
[[noreturn]] void watch(int fd, pid_t run) {
    ::setsid();
    for (int sig : {SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE, SIGTSTP}) {
        std::signal(sig, SIG_IGN); // NOLINT: the watchdog is single-threaded
    }
    std::set<std::string> held;
    std::string line;
    char c = 0;
    for (;;) {
        const auto n = ::read(fd, &c, 1);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            break;
        }
        if (c != '\n') {
            line += c;
            continue;
        }
        if (line.size() > 2 && line[0] == 'H') {
            held.insert(line.substr(2));
        } else if (line.size() > 2 && line[0] == 'R') {
            held.erase(line.substr(2));
        }
        line.clear();
    }
    for (const auto& path : held) {
        const auto lock = read_control_lock(path);
        if (!lock) {
            continue;
        }
        bool ok = false;
        const auto done = restore_control_lock(*lock, ok);
        std::fprintf(stderr,
                     "gpu-reduce-prof: the run (pid %ld) ended before restoring %s; "
                     "its watchdog did: %s\n",
                     static_cast<long>(run), lock->uuid.c_str(), done.c_str());
    }
    std::_Exit(0);
}

} // namespace

control_watchdog::control_watchdog() {
    std::error_code ec;
    const auto threads = std::distance(std::filesystem::directory_iterator("/proc/self/task", ec),
                                       std::filesystem::directory_iterator());
    if (!ec && threads > 1) { // a fork now could copy a lock another thread holds
        throw std::runtime_error("the process already runs " + std::to_string(threads) +
                                 " threads, so forking the watchdog is not safe");
    }
    int fds[2] = {-1, -1};
    // A socket pair, not a pipe: a send to a watchdog that is gone fails with EPIPE instead of
    // raising SIGPIPE in the run (MSG_NOSIGNAL).
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        throw std::runtime_error(std::string("socketpair: ") + std::strerror(errno)); // NOLINT
    }
    const pid_t run = ::getpid();
    pid_ = ::fork();
    if (pid_ < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno)); // NOLINT
    }
    if (pid_ == 0) {
        ::close(fds[1]);
        watch(fds[0], run);
    }
    ::close(fds[0]);
    fd_ = fds[1];
}

control_watchdog::~control_watchdog() {
    ::close(fd_);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
}

void control_watchdog::send(char what, const std::string& path) {
    const std::string line = std::string(1, what) + " " + path + "\n";
    std::size_t done = 0;
    while (done < line.size()) {
        const auto n = ::send(fd_, line.data() + done, line.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return; // the watchdog is gone: the lock stays for the next start
        }
        done += static_cast<std::size_t>(n);
    }
}

void control_watchdog::hold(const std::string& path) {
    send('H', path);
}
void control_watchdog::release(const std::string& path) {
    send('R', path);
}

} // namespace grp
