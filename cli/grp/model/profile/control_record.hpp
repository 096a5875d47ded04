// 2.17: the receipt of what `run --clocks` / `--power-limit` did to a device (devices[].control):
// what was asked, what was applied, the values it replaced, whether they were put back, and why a
// part was not applied (no permission, not supported, no NVML, a CPU device). Absent when nothing
// was asked, and in older profiles.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

struct control_record {
    std::string requested;                  ///< "clocks max, power limit 300 W"
    std::optional<unsigned> clocks_min_mhz; ///< the SM clock lock applied (base: empty)
    std::optional<unsigned> clocks_max_mhz;
    std::string clocks;                       ///< "base (TDP)", "max", "1500 MHz"; "" not applied
    std::optional<unsigned> memory_clock_mhz; ///< the memory clock lock applied
    std::optional<double> power_limit_w;      ///< the power limit applied
    std::optional<double> previous_power_limit_w; ///< the limit before, put back after
    bool applied = false;                         ///< at least one setting was changed
    bool restored = false;                        ///< every changed setting was put back
    std::string restore;                          ///< what the restore did, or why it failed
    std::vector<std::string> why_not;             ///< each part not applied, with the reason
};

nlohmann::ordered_json control_json(const control_record& c);
control_record control_from(const nlohmann::ordered_json& j);

} // namespace grp
