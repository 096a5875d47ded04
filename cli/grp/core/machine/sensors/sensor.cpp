#include "grp/core/machine/sensors/sensor.hpp"

#include <array>
#include <chrono>
#include <utility>

namespace grp {

std::vector<std::string> clock_reason_names(std::uint32_t bits) {
    static const std::array<std::pair<std::uint32_t, const char*>, 9> names{{
        {clock_reason_idle, "idle"},
        {clock_reason_app_setting, "application_clocks"},
        {clock_reason_sw_power_cap, "sw_power_cap"},
        {clock_reason_hw_slowdown, "hw_slowdown"},
        {clock_reason_sync_boost, "sync_boost"},
        {clock_reason_sw_thermal, "sw_thermal"},
        {clock_reason_hw_thermal, "hw_thermal"},
        {clock_reason_power_brake, "power_brake"},
        {clock_reason_cpu_thermal, "cpu_thermal"},
    }};
    std::vector<std::string> out;
    for (const auto& [bit, name] : names) {
        if ((bits & bit) != 0) {
            out.emplace_back(name);
        }
    }
    return out;
}

double sensor_now_s() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

sensor_handle no_sensor(std::string why) {
    sensor_handle h;
    h.description.backend = "none";
    h.description.lacking.push_back(std::move(why));
    return h;
}

} // namespace grp
