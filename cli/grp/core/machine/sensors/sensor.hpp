// What a device's sensors read at one moment, and the interface every sensor backend offers
// (nvml.hpp on NVIDIA GPUs, linux_cpu.hpp on Linux CPUs, fakes in the tests). A sensor is an
// optional layer: a run without one measures exactly as with it, and says what it lacked and why.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// Why the device's clocks were held down, as the driver reports it (NVML's clocks event
/// reasons; a CPU's thermal throttle counter). Bits, so a round can record every reason it saw.
enum clock_reason : std::uint32_t {
    clock_reason_idle = 1U << 0,         ///< nothing ran: the clock may drop (not a throttle)
    clock_reason_app_setting = 1U << 1,  ///< application clocks set below the maximum
    clock_reason_sw_power_cap = 1U << 2, ///< the power limit held the clock down
    clock_reason_hw_slowdown = 1U << 3,  ///< hardware slowdown (temperature or power brake)
    clock_reason_sync_boost = 1U << 4,   ///< held to another GPU's clock (sync boost)
    clock_reason_sw_thermal = 1U << 5,   ///< the driver's thermal limit
    clock_reason_hw_thermal = 1U << 6,   ///< the hardware's thermal limit
    clock_reason_power_brake = 1U << 7,  ///< an external power brake
    clock_reason_cpu_thermal = 1U << 8,  ///< a CPU's thermal throttle counter moved
};

/// The reasons that slow a kernel down for reasons that have nothing to do with it: a round
/// that saw one is unsteady. Idle, application clocks and sync boost are states, not events.
inline constexpr std::uint32_t throttle_reasons =
    clock_reason_sw_power_cap | clock_reason_hw_slowdown | clock_reason_sw_thermal |
    clock_reason_hw_thermal | clock_reason_power_brake | clock_reason_cpu_thermal;

/// The reasons in `bits` as words, e.g. {"sw_power_cap", "hw_thermal"}.
std::vector<std::string> clock_reason_names(std::uint32_t bits);

/// One reading; every field the backend cannot give stays empty.
struct sensor_reading {
    double t_s = 0;                      ///< seconds on a monotonic clock
    std::optional<double> clock_mhz;     ///< SM clock (GPU) or mean core clock (CPU)
    std::optional<double> mem_clock_mhz; ///< memory clock
    std::optional<double> temperature_c;
    std::optional<double> power_w;          ///< the driver's power reading
    std::optional<std::uint64_t> energy_uj; ///< a monotonically increasing energy counter
    /// The counter went back without a range to undo it (reset): the energy of every window
    /// that holds this reading is unknown (energy_uj is then empty).
    bool energy_reset = false;
    std::uint32_t reasons = 0;                   ///< clock_reason bits active now
    std::optional<std::uint64_t> throttle_count; ///< CPU: thermal throttle events so far
};

/// What a backend offers, for the profile and `platforms`.
struct sensor_description {
    std::string backend; ///< "nvml", "linux" or "none"
    std::string device;  ///< what it reads, e.g. "NVIDIA H100 80GB HBM3 (00000000:19:00.0)"
    std::vector<std::string>
        found; ///< "clock", "mem_clock", "temperature", "power", "energy", "reasons"
    std::vector<std::string> lacking; ///< "energy: no RAPL counter under /sys/class/powercap", ...
    std::optional<double> max_clock_mhz;         ///< the device's highest SM/core clock
    std::optional<std::uint64_t> energy_wrap_uj; ///< the counter's range (RAPL); empty: never wraps
    /// The finest interval the energy counter changes in, when known (NVML: measured at open).
    std::optional<double> energy_update_s;
};

class sensor_source {
public:
    virtual ~sensor_source() = default;
    sensor_source() = default;
    sensor_source(const sensor_source&) = delete;
    sensor_source& operator=(const sensor_source&) = delete;
    sensor_source(sensor_source&&) = delete;
    sensor_source& operator=(sensor_source&&) = delete;
    /// A reading now (t_s from the steady clock); fields that failed this time stay empty.
    virtual sensor_reading read() = 0;
    /// A reading without the fields that are slow to read (NVML's energy counter takes ~3 ms
    /// on the H100, the other fields ~2 us: bench/results/h100-sensors-cost.txt).
    virtual sensor_reading read_quick() { return read(); }
    [[nodiscard]] virtual const sensor_description& description() const = 0;
};

/// Seconds on the steady clock, the time base of sensor_reading::t_s.
double sensor_now_s();

/// The sensors found for a device, or why there are none (description.backend == "none").
struct sensor_handle {
    std::unique_ptr<sensor_source> source; ///< null: no sensor
    sensor_description description;        ///< also when there is none: lacking says why
};

/// No sensor, and why: description.backend "none", `why` its one lacking reason.
sensor_handle no_sensor(std::string why);

} // namespace grp
