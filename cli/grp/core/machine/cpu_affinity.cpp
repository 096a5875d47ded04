#include "grp/core/machine/cpu_affinity.hpp"

#include <cstring>

#ifdef __linux__
#include <sched.h>
#endif

namespace grp {

#ifdef __linux__

std::vector<int> allowed_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<int> out;
    if (sched_getaffinity(0, sizeof(set), &set) != 0) {
        return out;
    }
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
        if (CPU_ISSET(cpu, &set)) {
            out.push_back(cpu);
        }
    }
    return out;
}

cpu_pin::cpu_pin(int cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) {
        return;
    }
    cpu_set_t saved;
    CPU_ZERO(&saved);
    if (sched_getaffinity(0, sizeof(saved), &saved) != 0) {
        return;
    }
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof(one), &one) != 0) {
        return;
    }
    m_saved.resize(sizeof(saved));
    std::memcpy(m_saved.data(), &saved, sizeof(saved));
    m_cpu = cpu;
}

cpu_pin::~cpu_pin() {
    if (m_saved.size() == sizeof(cpu_set_t)) {
        cpu_set_t saved;
        std::memcpy(&saved, m_saved.data(), sizeof(saved));
        sched_setaffinity(0, sizeof(saved), &saved);
    }
}

#else

std::vector<int> allowed_cpus() {
    return {};
}

cpu_pin::cpu_pin(int /*cpu*/) {}

cpu_pin::~cpu_pin() = default;

#endif

std::optional<int> rotation_cpu(const std::vector<int>& allowed, std::size_t round) {
    if (allowed.size() < 2) {
        return std::nullopt;
    }
    return allowed[round % allowed.size()];
}

} // namespace grp
