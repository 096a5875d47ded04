#include "grp/model/plan/cache_mode.hpp"

#include "grp/core/checked_math.hpp"
#include "grp/core/error.hpp"

#include <algorithm>

namespace grp {

cache_mode parse_cache_mode(const std::string& s) {
    if (s == "auto") {
        return cache_mode::automatic;
    }
    if (s == "cold") {
        return cache_mode::cold;
    }
    if (s == "warm") {
        return cache_mode::warm;
    }
    if (s == "both") {
        return cache_mode::both;
    }
    throw usage_error("--cache '" + s +
                      "': expected 'auto' (cold on GPUs, warm on CPUs), 'cold', 'warm' or 'both'");
}

std::string to_string(cache_mode m) {
    switch (m) {
    case cache_mode::cold:
        return "cold";
    case cache_mode::warm:
        return "warm";
    case cache_mode::both:
        return "both";
    case cache_mode::automatic:
        break;
    }
    return "auto";
}

std::vector<std::string> cache_states(cache_mode m, const device_info& dev) {
    switch (m) {
    case cache_mode::cold:
        return {"cold"};
    case cache_mode::warm:
        return {"warm"};
    case cache_mode::both:
        return {"cold", "warm"};
    case cache_mode::automatic:
        break;
    }
    const bool cpu = dev.type.find("cpu") != std::string::npos && !dev.is_gpu();
    return {cpu ? "warm" : "cold"};
}

std::uint64_t cache_flush_bytes(const device_info& dev) {
    const std::uint64_t reported = saturating_mul(dev.global_cache_bytes.value_or(0), 8);
    std::uint64_t bytes = std::max(reported, cache_flush_floor_bytes);
    bytes = std::min(bytes, dev.max_alloc_bytes.value_or(bytes));
    if (dev.global_mem_bytes) {
        bytes = std::min(bytes, *dev.global_mem_bytes / 4);
    }
    return bytes / 4 * 4;
}

} // namespace grp
