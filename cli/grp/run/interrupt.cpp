#include "grp/run/interrupt.hpp"

#include <atomic>
#include <csignal>
#include <pthread.h>
#include <thread>

namespace grp::run {

namespace {

std::atomic<int> g_signal{0};

} // namespace

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

const char* signal_name(int signal) {
    switch (signal) {
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

void start_signal_thread(std::function<void(int)> on_second) {
    std::signal(SIGPIPE, SIG_IGN);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::thread([set, on_second = std::move(on_second)] {
        for (;;) {
            int sig = 0;
            if (sigwait(&set, &sig) != 0) {
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
