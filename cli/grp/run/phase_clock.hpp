// Where a device's wall time goes: named phases (context, build, data, reference, upload,
// verification, peak, sampling, idle) accumulate seconds into profile_device::phases, so a
// slow run says why (#13: the H100's default run spent 4.5 s of 4.8 s outside the kernels).
#pragma once

#include "grp/model/profile/profile.hpp"

#include <chrono>
#include <string>

namespace grp::run {

class phase_clock {
public:
    explicit phase_clock(phase_times& into) : m_into(into) {}

    /// Adds the time until the returned object dies to `phase`.
    class scope {
    public:
        scope(phase_times& into, std::string phase)
            : m_into(into), m_phase(std::move(phase)), m_start(std::chrono::steady_clock::now()) {}
        scope(const scope&) = delete;
        scope& operator=(const scope&) = delete;
        ~scope() {
            m_into.seconds[m_phase] +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
        }

    private:
        phase_times& m_into;
        std::string m_phase;
        std::chrono::steady_clock::time_point m_start;
    };

    [[nodiscard]] scope time(const std::string& phase) { return {m_into, phase}; }
    void add(const std::string& phase, double seconds) { m_into.seconds[phase] += seconds; }

private:
    phase_times& m_into;
};

} // namespace grp::run
