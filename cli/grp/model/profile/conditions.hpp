// The conditions a device was measured under (schema 2.8): per round, what its sensors read
// while the round's timed launches ran (clocks, temperature, power, energy, clock event
// reasons, and why the round is unsteady); per device, which sensors were found or lacking and
// how the first round waited for steady clocks; per case, the energy metrics derived from its
// rounds. Plain data with its JSON; the sensors themselves are core/machine/sensors.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// What the sensors read over one round's timed launches.
struct round_conditions {
    double seconds = 0;                                         ///< the window the readings span
    std::uint32_t readings = 0;                                 ///< how many readings it took
    std::optional<double> clock_mhz_min, clock_mhz_max;         ///< SM (GPU) or core (CPU) clock
    std::optional<double> mem_clock_mhz_min, mem_clock_mhz_max; ///< memory clock
    std::optional<double> temperature_c;                        ///< the highest seen
    std::optional<double> power_w;  ///< mean over the window (energy / time where counted)
    std::optional<double> energy_j; ///< over the window
    /// "counter" (the device's energy counter), "power x time" (an estimate from the power
    /// readings) or "" (none).
    std::string energy_source;
    std::vector<std::string> reasons; ///< clock event reasons seen (sensor.hpp's names)
    /// Why compare sets the round aside ("clock 1410-1980 MHz during the round", "throttled:
    /// sw_power_cap"); empty when steady.
    std::string unsteady;
    /// 2.17: seconds the round waited before it began for the GPU to cool below its slowdown
    /// temperature less the margin (run --cool-down); empty when it did not wait.
    std::optional<double> cooldown_s;
};

/// A device's sensors and the warm-up that waited for steady clocks.
struct sensor_record {
    std::string backend = "none";     ///< "nvml", "linux" or "none"
    std::string device;               ///< what the backend reads
    std::vector<std::string> found;   ///< "clock", "temperature", "power", "energy", ...
    std::vector<std::string> lacking; ///< what is missing, each with the reason
    std::optional<double> max_clock_mhz;
    /// The first round's wait for steady clocks: how long, and what ended it ("clock steady at
    /// 1980 MHz", "time: no clock sensor").
    std::optional<double> settle_s;
    std::string settle;
};

/// A case's energy, derived from its rounds' conditions and median time (never measured per
/// launch: counters update every few ms).
struct case_energy {
    std::optional<double> power_w;           ///< mean power over the case's rounds
    std::optional<double> joules_per_launch; ///< power_w x the median launch time
    std::optional<double> gbps_per_w;
    std::optional<double> elements_per_j;
    std::string basis;   ///< where power_w comes from, in words
    std::string missing; ///< why there is no energy (when power_w is empty)
};

nlohmann::ordered_json conditions_json(const round_conditions& c);
round_conditions conditions_from(const nlohmann::ordered_json& j);
nlohmann::ordered_json sensors_json(const sensor_record& s);
sensor_record sensors_from(const nlohmann::ordered_json& j);
nlohmann::ordered_json energy_json(const case_energy& e);
case_energy energy_from(const nlohmann::ordered_json& j);

} // namespace grp
