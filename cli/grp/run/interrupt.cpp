#include "grp/run/interrupt.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <ctime>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace grp::run {

namespace {

std::atomic<int> g_signal{0};
std::atomic<int> g_follower{0};
std::atomic<bool> g_passed_second{false};
std::atomic<bool> g_grace_expired{false};
std::atomic<int> g_grace_s{0};

// Ctrl-Z: the follower first (SIGSTOP: a child in a group of its own may be in an orphaned
// group, where SIGTSTP is discarded), then this process, as the default action would.
void stop_both() {
    if (const int f = g_follower.load(); f != 0) {
        ::kill(f, SIGSTOP);
    }
    ::kill(::getpid(), SIGSTOP);
}

// A signal from the thread; true when it was job control or went to the follower.
bool handled_here(int sig) {
    if (sig == SIGTSTP) {
        stop_both();
        return true;
    }
    const int f = g_follower.load();
    if (sig == SIGCONT) {
        if (f != 0) {
            ::kill(f, SIGCONT);
        }
        return true;
    }
    if (interrupted() && f != 0 && !g_passed_second.exchange(true)) {
        ::kill(f, sig);
        return true;
    }
    return false;
}

// The next signal of `set`; once a stop was asked, a stop not obeyed within the grace (a launch
// that never ends, a driver that never returns) counts as the same signal again, so a run ends
// within seconds of one signal. 0 when sigwait failed.
int next_signal(const sigset_t& set) {
    if (!interrupted() || g_grace_s.load() <= 0) {
        int sig = 0;
        return sigwait(&set, &sig) == 0 ? sig : 0;
    }
    const timespec grace{static_cast<time_t>(g_grace_s.load()), 0};
    const int sig = sigtimedwait(&set, nullptr, &grace);
    if (sig > 0) {
        return sig;
    }
    if (errno != EAGAIN) {
        return 0;
    }
    g_grace_expired.store(true);
    return interrupt_signal();
}

} // namespace

bool stop_grace_expired() {
    return g_grace_expired.load();
}

bool interrupted() {
    return g_signal.load() != 0;
}

int interrupt_signal() {
    return g_signal.load();
}

void request_interrupt(int signal) {
    int expected = 0;
    g_signal.compare_exchange_strong(expected, signal);
}

void set_follower(int pid) {
    g_follower.store(pid);
}

int follower() {
    return g_follower.load();
}

const char* signal_name(int signal) {
    switch (signal) {
    case SIGKILL:
        return "SIGKILL";
    case SIGSEGV:
        return "SIGSEGV";
    case SIGABRT:
        return "SIGABRT";
    case SIGBUS:
        return "SIGBUS";
    case SIGFPE:
        return "SIGFPE";
    case SIGILL:
        return "SIGILL";
    case SIGQUIT:
        return "SIGQUIT";
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    case SIGHUP:
        return "SIGHUP";
    default:
        return "a signal";
    }
}

void start_signal_thread(std::function<void(int)> on_second, int grace_s) {
    g_grace_s.store(grace_s);
    std::signal(SIGPIPE, SIG_IGN);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGTSTP);
    sigaddset(&set, SIGCONT);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::thread([set, on_second = std::move(on_second)] {
        for (;;) {
            const int sig = next_signal(set);
            if (sig <= 0 || handled_here(sig)) {
                continue;
            }
            if (!interrupted()) {
                request_interrupt(sig);
            } else {
                on_second(sig);
            }
        }
    }).detach();
}

} // namespace grp::run
