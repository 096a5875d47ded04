#include "grp/core/machine/cpu_contention.hpp"

#include <algorithm>
#include <dirent.h>
#include <fstream>
#include <sstream>
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

std::optional<cpu_ticks> parse_proc_stat(const std::string& text) {
    std::istringstream in(text);
    std::string label;
    std::uint64_t v = 0;
    if (!(in >> label) || label != "cpu") {
        return std::nullopt;
    }
    cpu_ticks t;
    // user nice system idle iowait irq softirq steal guest guest_nice: guest time is counted
    // in user and nice already, so the first eight fields are the machine's ticks.
    for (int field = 0; field < 8 && in >> v; ++field) {
        t.total += v;
        t.busy += field == 3 || field == 4 ? 0 : v;
    }
    return t.total > 0 ? std::optional<cpu_ticks>(t) : std::nullopt;
}

std::optional<std::uint64_t> parse_own_ticks(const std::string& stat_line) {
    const auto close = stat_line.rfind(')');
    if (close == std::string::npos) {
        return std::nullopt;
    }
    std::istringstream in(stat_line.substr(close + 1));
    std::string field;
    std::uint64_t utime = 0, stime = 0;
    // After the command: state (3), then fields 4..13, then utime (14) and stime (15).
    for (int i = 3; i <= 13; ++i) {
        if (!(in >> field)) {
            return std::nullopt;
        }
    }
    if (!(in >> utime >> stime)) {
        return std::nullopt;
    }
    return utime + stime;
}

std::optional<cpu_ticks> read_cpu_ticks() {
    std::ifstream stat("/proc/stat"), self("/proc/self/stat");
    std::string line, own;
    if (!std::getline(stat, line) || !std::getline(self, own)) {
        return std::nullopt;
    }
    auto t = parse_proc_stat(line);
    const auto o = parse_own_ticks(own);
    if (!t || !o) {
        return std::nullopt;
    }
    t->own = *o;
    return t;
}

std::optional<double> other_share(const cpu_ticks& a, const cpu_ticks& b) {
    if (b.total <= a.total) {
        return std::nullopt;
    }
    const double total = static_cast<double>(b.total - a.total);
    const double busy = b.busy >= a.busy ? static_cast<double>(b.busy - a.busy) : 0;
    const double own = b.own >= a.own ? static_cast<double>(b.own - a.own) : 0;
    return std::clamp((busy - own) / total, 0.0, 1.0);
}

void contention_meter::start() {
    m_ticks = read_cpu_ticks();
    m_start = read_sched_totals();
    m_wall = std::chrono::steady_clock::now();
}

std::optional<double> contention_meter::ratio() const {
    if (!m_start) {
        return std::nullopt;
    }
    const auto now = read_sched_totals();
    const auto elapsed = std::chrono::steady_clock::now() - m_wall;
    const auto wall = std::chrono::duration<double, std::nano>(elapsed).count();
    if (!now || elapsed < min_contention_window) {
        return std::nullopt;
    }
    // Threads that exited in between take their wait with them: never below zero.
    const double waited =
        now->wait_ns >= m_start->wait_ns ? static_cast<double>(now->wait_ns - m_start->wait_ns) : 0;
    return waited / wall;
}

std::optional<double> contention_meter::others() const {
    if (!m_ticks || std::chrono::steady_clock::now() - m_wall < min_contention_window) {
        return std::nullopt;
    }
    const auto now = read_cpu_ticks();
    return now ? other_share(*m_ticks, *now) : std::nullopt;
}

} // namespace grp
