#include "grp/parts/child_process.hpp"

#include "grp/core/error.hpp"
#include "grp/run/interrupt.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iostream>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace grp::parts {

pid_t start_child(const std::vector<std::string>& args, const child_io& io) {
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (const auto& a : args) {
        argv.push_back(const_cast<char*>(a.c_str()));
    }
    argv.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        throw error(std::string("cannot start a process for --runs: ") + std::strerror(errno),
                    exit_code::internal);
    }
    if (pid == 0) { // only async-signal-safe calls until exec
        ::setpgid(0, io.group);
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) {
            ::_exit(128 + SIGTERM);
        }
        if (io.output_fd >= 0 && (::dup2(io.output_fd, 1) < 0 || ::dup2(io.output_fd, 2) < 0)) {
            ::_exit(127);
        }
        ::execv("/proc/self/exe", argv.data());
        ::_exit(127);
    }
    const pid_t group = io.group != 0 ? io.group : pid;
    ::setpgid(pid, group); // also here: whichever runs first
    // Ctrl-Z, fg and a second signal reach it (or every process of its group)
    run::set_follower(io.group != 0 ? -static_cast<int>(group) : static_cast<int>(pid));
    return pid;
}

namespace {

/// Says once that `pid` has been stopped for 2 s (SIGSTOP from outside, not this job's Ctrl-Z,
/// which stops this process too): the run would otherwise wait for it silently.
void note_stopped(pid_t pid, bool stopped, std::chrono::steady_clock::time_point since,
                  bool& noted) {
    if (!stopped || noted || std::chrono::steady_clock::now() - since < std::chrono::seconds(2)) {
        return;
    }
    noted = true;
    std::cerr << "\nnote: the measuring process of --runs (pid " << pid
              << ") is stopped; the run waits for it: 'kill -CONT " << pid
              << "' resumes it, and a further signal here (Ctrl-C, SIGTERM) stops the run, "
                 "keeping the finished processes\n";
}

} // namespace

int wait_child(pid_t pid) {
    bool passed_on = false, stopped = false, noted = false;
    auto since = std::chrono::steady_clock::now();
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid, &status, WNOHANG | WUNTRACED | WCONTINUED);
        if (r == pid && (WIFSTOPPED(status) || WIFCONTINUED(status))) {
            stopped = WIFSTOPPED(status);
            since = std::chrono::steady_clock::now();
            noted = false;
            continue;
        }
        if (r == pid) {
            run::set_follower(0);
            return status;
        }
        if (r < 0 && errno != EINTR) {
            throw error(std::string("lost the process of --runs: ") + std::strerror(errno),
                        exit_code::internal);
        }
        if (run::interrupted() && !passed_on) {
            ::kill(pid, run::interrupt_signal());
            ::kill(pid, SIGCONT); // a stopped child would keep the signal pending forever
            passed_on = true;
        }
        note_stopped(pid, stopped, since, noted);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

void judge_child(int status, std::size_t i, std::size_t count, const std::string& kept) {
    const std::string which = "process " + std::to_string(i) + " of " + std::to_string(count);
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
            run::request_interrupt(sig);
            return;
        }
        throw error(which + " of --runs was killed by " + run::signal_name(sig) + " (signal " +
                        std::to_string(sig) + ")" +
                        (sig == SIGKILL ? " (often the out-of-memory killer: see `dmesg`)" : "") +
                        "; " + kept,
                    exit_code::process_killed);
    }
    const int code = WEXITSTATUS(status);
    if (code == 0 || code == static_cast<int>(exit_code::regression_or_wrong) ||
        code == static_cast<int>(exit_code::nothing_measured)) {
        return;
    }
    if (code > 128 && code < 160) { // it saved its finished rounds and stopped
        if (!run::interrupted()) {
            run::request_interrupt(code - 128);
        }
        return;
    }
    throw error(which + " of --runs stopped with exit status " + std::to_string(code) +
                    " (its message is above); " + kept,
                static_cast<exit_code>(code));
}

} // namespace grp::parts
