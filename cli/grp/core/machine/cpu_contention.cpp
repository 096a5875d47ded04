#include "grp/core/machine/cpu_contention.hpp"

#include <dirent.h>
#include <fstream>
#include <string>

namespace grp {

std::optional<sched_totals> read_sched_totals() {
    DIR* dir = opendir("/proc/self/task");
    if (dir == nullptr) {
        return std::nullopt;
    }
    sched_totals t;
    bool any = false;
    while (const dirent* e = readdir(dir)) {
        if (e->d_name[0] == '.') {
            continue;
        }
        std::ifstream in(std::string("/proc/self/task/") + e->d_name + "/schedstat");
        std::uint64_t run = 0, wait = 0;
        if (in >> run >> wait) { // a thread that just exited has no file: skip it
            t.run_ns += run;
            t.wait_ns += wait;
            any = true;
        }
    }
    closedir(dir);
    return any ? std::optional<sched_totals>(t) : std::nullopt;
}

void contention_meter::start() {
    m_start = read_sched_totals();
    m_wall = std::chrono::steady_clock::now();
}

std::optional<double> contention_meter::ratio() const {
    if (!m_start) {
        return std::nullopt;
    }
    const auto now = read_sched_totals();
    const auto wall =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - m_wall).count();
    if (!now || !(wall > 0)) {
        return std::nullopt;
    }
    // Threads that exited in between take their wait with them: never below zero.
    const double waited =
        now->wait_ns >= m_start->wait_ns ? static_cast<double>(now->wait_ns - m_start->wait_ns) : 0;
    return waited / wall;
}

} // namespace grp
