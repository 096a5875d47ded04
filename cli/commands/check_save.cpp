#include "commands/check_save.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/parts/checkpoint_store.hpp"
#include "grp/run/interrupt.hpp"

#include <chrono>
#include <iostream>
#include <unistd.h>

namespace grp::cli {

check_save::~check_save() {
    m_done = true;
    if (m_watchdog.joinable()) {
        m_watchdog.join();
    }
}

void check_save::update(const profile& p, std::vector<case_result> checked) {
    profile q = p;
    q.cases = std::move(checked);
    q.complete = false;
    q.incomplete_reason = "stopped by a signal while a case ran on the simulator; the cases "
                          "checked before it are kept";
    std::lock_guard<std::mutex> lock(m_mutex);
    m_checkpoint = std::move(q);
    m_has = true;
}

void check_save::save_final(const profile& p) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_done = true; // the tables still to print are not cut by the watchdog
    parts::save_or_rescue(p, m_out);
    m_final_saved = true;
}

void check_save::set_before_save(std::function<void()> f) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_before_save = std::move(f);
}

void check_save::start_watchdog(double grace_s) {
    m_watchdog = std::thread([this, grace_s] {
        using clock = std::chrono::steady_clock;
        const auto tick = std::chrono::milliseconds(50);
        while (!m_done && !run::interrupted()) {
            std::this_thread::sleep_for(tick);
        }
        const auto deadline = clock::now() + std::chrono::duration_cast<clock::duration>(
                                                 std::chrono::duration<double>(grace_s));
        while (!m_done && clock::now() < deadline) {
            std::this_thread::sleep_for(tick);
        }
        if (!m_done) {
            stop_now(run::interrupt_signal());
        }
    });
}

void check_save::stop_now(int sig) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_before_save) {
        m_before_save();
    }
    const char* name = run::signal_name(sig);
    try {
        if (m_final_saved) {
            std::cerr << "\ncheck: stopped by " << name << " after the profile was saved to "
                      << terminal_escape(m_out.path()) << '\n';
        } else if (m_has) {
            parts::save_or_rescue(m_checkpoint, m_out);
            std::cerr << "\ncheck: stopped by " << name << " while a case ran on the simulator; "
                      << m_checkpoint.cases.size() << " checked case(s) saved to "
                      << terminal_escape(m_out.path()) << " (marked incomplete)\n";
        } else {
            std::cerr << "\ncheck: stopped by " << name
                      << " before any case was checked; nothing written\n";
        }
    } catch (const std::exception& e) {
        std::cerr << "\ncheck: stopped by " << name << "; " << terminal_escape(e.what(), true)
                  << '\n';
    }
    std::cerr.flush();
    _exit(128 + sig);
}

} // namespace grp::cli
