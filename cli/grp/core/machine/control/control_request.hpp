// What `run --clocks` and `run --power-limit` ask of a GPU for the length of the run, parsed from
// the command line: the SM clock locked to the base (TDP) clock, the highest clock or a number of
// MHz, optionally the memory clock too, and a power limit in watts. Pure, so unit-tested.
#pragma once

#include <optional>
#include <string>

namespace grp {

struct control_request {
    enum class clock_kind { none, base, max, mhz };
    clock_kind clocks = clock_kind::none;
    unsigned clock_mhz = 0;              ///< with clock_kind::mhz
    std::optional<unsigned> memory_mhz;  ///< ",mem=MHz"
    std::optional<double> power_limit_w; ///< --power-limit
    [[nodiscard]] bool any() const {
        return clocks != clock_kind::none || memory_mhz || power_limit_w;
    }
    /// As the user asked it, e.g. "clocks max, memory 2619 MHz, power limit 300 W".
    [[nodiscard]] std::string describe() const;
};

/// Parses --clocks: "base", "max" or MHz, each optionally followed by ",mem=MHz"; "" asks for
/// nothing. Throws usage_error naming the text otherwise.
control_request parse_clocks(const std::string& text);

/// Parses --power-limit in watts (a positive number); "" asks for nothing. Throws usage_error.
std::optional<double> parse_power_limit(const std::string& text);

} // namespace grp
