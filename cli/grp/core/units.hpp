// Formatting and parsing of quantities with their units: bytes, nanoseconds, element counts
// with suffixes ("1M", "2^28", "64Ki").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

namespace grp {

/// "1.50 GiB", "512 B": binary prefixes, two decimals.
std::string format_bytes(std::uint64_t bytes);
/// "812 ns", "3.42 us", "1.20 ms", "2.5 s": three significant digits.
std::string format_ns(double ns);
/// "73.5 mJ", "512 uJ", "1.20 J": three significant digits, from joules.
std::string format_joules(double joules);
/// A duration for people: "12.3 ms" below 0.095 s, "1.2 s" below 9.95 s, else "12 s".
std::string format_seconds(double s);
/// A clock in whole MHz: "1980".
std::string format_mhz(double mhz);
/// "%.*f" with `digits` decimals.
std::string format_fixed(double v, int digits);
/// "1048576" -> "2^20" when a power of two, else "1.05M"; for compact tables.
std::string format_count(std::uint64_t n);

/// A device fact for display: its value, or "unavailable" when the driver could not report it.
template <typename T> std::string or_unavailable(const std::optional<T>& v) {
    if (!v) {
        return "unavailable";
    }
    if constexpr (std::is_same_v<T, std::string>) {
        return *v;
    } else {
        return std::to_string(*v);
    }
}

/// format_bytes of a fact, or "unavailable".
std::string bytes_or_unavailable(const std::optional<std::uint64_t>& v);

/// Parses counts: "1000", "1M" (10^6), "1Mi" (2^20), "64k", "2^28", "3*2^20". Throws usage_error
/// naming `what` on anything else or on overflow.
std::uint64_t parse_count(const std::string& text, const std::string& what);

} // namespace grp
