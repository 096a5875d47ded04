#include "grp/core/machine/control/control_request.hpp"

#include "grp/core/error.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace grp {

namespace {

/// A whole number of MHz from 1 to 100000, or throws usage_error naming `what`.
unsigned parse_mhz(const std::string& text, const std::string& what) {
    char* end = nullptr;
    const auto v = std::strtoul(text.c_str(), &end, 10);
    if (text.empty() || text.front() == '-' || *end != '\0' || v == 0 || v > 100000) {
        throw usage_error(what + ": '" + text +
                          "' is not a clock in MHz; give base, max or a whole number of MHz "
                          "(e.g. --clocks 1500,mem=2619)");
    }
    return static_cast<unsigned>(v);
}

} // namespace

std::string control_request::describe() const {
    std::ostringstream s;
    const char* sep = "";
    if (clocks != clock_kind::none) {
        s << "clocks "
          << (clocks == clock_kind::base  ? "base"
              : clocks == clock_kind::max ? "max"
                                          : std::to_string(clock_mhz) + " MHz");
        sep = ", ";
    }
    if (memory_mhz) {
        s << sep << "memory " << *memory_mhz << " MHz";
        sep = ", ";
    }
    if (power_limit_w) {
        s << sep << "power limit " << *power_limit_w << " W";
    }
    return s.str();
}

control_request parse_clocks(const std::string& text) {
    control_request r;
    if (text.empty()) {
        return r;
    }
    const auto comma = text.find(',');
    const auto sm = text.substr(0, comma);
    if (comma != std::string::npos) {
        const auto rest = text.substr(comma + 1);
        if (rest.rfind("mem=", 0) != 0) {
            throw usage_error("--clocks: '" + text +
                              "': after the comma only mem=MHz may follow (e.g. max,mem=2619)");
        }
        r.memory_mhz = parse_mhz(rest.substr(4), "--clocks mem=");
    }
    if (sm == "base") {
        r.clocks = control_request::clock_kind::base;
    } else if (sm == "max") {
        r.clocks = control_request::clock_kind::max;
    } else {
        r.clocks = control_request::clock_kind::mhz;
        r.clock_mhz = parse_mhz(sm, "--clocks");
    }
    return r;
}

std::optional<double> parse_power_limit(const std::string& text) {
    if (text.empty()) {
        return std::nullopt;
    }
    char* end = nullptr;
    const double w = std::strtod(text.c_str(), &end);
    if (*end != '\0' || !std::isfinite(w) || w <= 0 || w > 100000) {
        throw usage_error("--power-limit: '" + text +
                          "' is not a power limit in watts; give a positive number (e.g. 300)");
    }
    return w;
}

} // namespace grp
