#include "grp/ocl/device_wait.hpp"

#include "grp/core/error.hpp"
#include "grp/core/strings.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace grp::ocl {

namespace {

using clock_type = std::chrono::steady_clock;

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               clock_type::now().time_since_epoch())
        .count();
}

/// One waiting thread's wait: when it began (0: not waiting).
struct wait_slot {
    std::atomic<std::int64_t> since_ns{0};
};

/// The watchdog's state. `fire` is held by a waiting thread for the instant it ends a wait and
/// by the watchdog from the moment it declares a wait hung: a wait that ends as the deadline
/// passes is then either ended (the watchdog sees since 0) or hung (the waiting thread blocks
/// on `fire` while the handler runs, and the process ends or becomes a fresh one).
struct watchdog {
    std::mutex slots_mutex;
    std::vector<std::shared_ptr<wait_slot>> slots;
    std::mutex fire;
    std::atomic<double> deadline_s{0};
    hang_handler on_hang; // set before the thread starts; read only by it after
    std::once_flag started;
};

watchdog& dog() {
    static auto* d = new watchdog(); // never destroyed: the thread may outlive main's statics
    return *d;
}

// Runs when a wait passed the deadline, holding `fire` (never released): the handler should end
// the process; if it returns, the process ends here, since the waiting thread can never leave
// the driver call to be told.
[[noreturn]] void declare_hung(watchdog& d, double seconds) {
    if (d.on_hang) {
        d.on_hang(seconds);
    }
    std::cerr << "\nerror: the device did not complete a command within the deadline of "
              << shortest_text(seconds) << " s (--launch-timeout)\n";
    std::cerr.flush();
    std::_Exit(static_cast<int>(exit_code::opencl));
}

// The watchdog thread: looks at every slot a few times per deadline.
void watch(watchdog& d) {
    for (;;) {
        const double deadline = d.deadline_s.load();
        const double period = std::clamp(deadline / 8, 0.01, 0.25);
        std::this_thread::sleep_for(std::chrono::duration<double>(period));
        if (deadline <= 0) {
            continue;
        }
        const auto limit = static_cast<std::int64_t>(deadline * 1e9);
        std::vector<std::shared_ptr<wait_slot>> slots;
        {
            std::lock_guard<std::mutex> lock(d.slots_mutex);
            slots = d.slots;
        }
        for (const auto& s : slots) {
            const auto since = s->since_ns.load(std::memory_order_acquire);
            if (since == 0 || now_ns() - since <= limit) {
                continue;
            }
            d.fire.lock();
            if (s->since_ns.load(std::memory_order_acquire) == since) {
                declare_hung(d, deadline);
            }
            d.fire.unlock();
        }
    }
}

// This thread's slot, registered (and the watchdog started) on its first guarded wait.
wait_slot& my_slot() {
    thread_local std::shared_ptr<wait_slot> slot;
    if (!slot) {
        auto& d = dog();
        slot = std::make_shared<wait_slot>();
        {
            std::lock_guard<std::mutex> lock(d.slots_mutex);
            d.slots.push_back(slot);
        }
        std::call_once(d.started, [&d] { std::thread(watch, std::ref(d)).detach(); });
    }
    return *slot;
}

// Marks this thread waiting for the guard's life; the driver's own blocking call runs inside.
class guarded_wait {
public:
    guarded_wait() : m_slot(my_slot()) {
        m_slot.since_ns.store(now_ns(), std::memory_order_release);
    }
    ~guarded_wait() {
        std::lock_guard<std::mutex> lock(dog().fire);
        m_slot.since_ns.store(0, std::memory_order_release);
    }
    guarded_wait(const guarded_wait&) = delete;
    guarded_wait& operator=(const guarded_wait&) = delete;

private:
    wait_slot& m_slot;
};

} // namespace

void set_wait_deadline(double seconds, hang_handler on_hang) {
    auto& d = dog();
    std::lock_guard<std::mutex> lock(d.fire); // not while a hung wait is being declared
    d.on_hang = std::move(on_hang);
    d.deadline_s.store(seconds > 0 ? seconds : 0);
}

void wait_for(const cl::Event& e) {
    if (dog().deadline_s.load() <= 0) {
        e.wait();
        return;
    }
    const guarded_wait guard;
    e.wait();
}

void finish_queue(cl::CommandQueue& q) {
    if (dog().deadline_s.load() <= 0) {
        q.finish();
        return;
    }
    const guarded_wait guard;
    q.finish();
}

} // namespace grp::ocl
