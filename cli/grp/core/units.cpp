#include "grp/core/units.hpp"

#include "grp/core/error.hpp"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace grp {

std::string format_fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string format_bytes(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        ++u;
    }
    return u == 0 ? std::to_string(bytes) + " B" : format_fixed(v, 2) + " " + units[u];
}

std::string format_ns(double ns) {
    const char* units[] = {"ns", "us", "ms", "s"};
    int u = 0;
    while (std::fabs(ns) >= 1000.0 && u < 3) {
        ns /= 1000.0;
        ++u;
    }
    int digits = std::fabs(ns) >= 100 ? 0 : (std::fabs(ns) >= 10 ? 1 : 2);
    if (u == 0) {
        digits = 0;
    }
    return format_fixed(ns, digits) + " " + units[u];
}

std::string format_joules(double joules) {
    const char* units[] = {"nJ", "uJ", "mJ", "J"};
    double v = joules * 1e9;
    int u = 0;
    while (std::fabs(v) >= 1000.0 && u < 3) {
        v /= 1000.0;
        ++u;
    }
    const int digits = std::fabs(v) >= 100 ? 0 : (std::fabs(v) >= 10 ? 1 : 2);
    return format_fixed(v, digits) + " " + units[u];
}

std::string format_seconds(double s) {
    char buf[32];
    if (s < 0.095) {
        std::snprintf(buf, sizeof buf, "%.1f ms", s * 1e3);
    } else {
        std::snprintf(buf, sizeof buf, s < 9.95 ? "%.1f s" : "%.0f s", s);
    }
    return buf;
}

std::string format_mhz(double mhz) {
    return std::to_string(static_cast<long long>(std::lround(mhz)));
}

std::string format_count(std::uint64_t n) {
    if (n >= 1024 && (n & (n - 1)) == 0) {
        int p = 0;
        while ((std::uint64_t{1} << p) != n) {
            ++p;
        }
        return "2^" + std::to_string(p);
    }
    if (n >= 1000000) {
        return format_fixed(static_cast<double>(n) / 1e6, 2) + "M";
    }
    return std::to_string(n);
}

std::string bytes_or_unavailable(const std::optional<std::uint64_t>& v) {
    return v ? format_bytes(*v) : "unavailable";
}

namespace {

std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, const std::string& what,
                          const std::string& text) {
    if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) {
        throw usage_error(what + " '" + text + "' is too large");
    }
    return a * b;
}

usage_error not_a_count(const std::string& what, const std::string& all) {
    return usage_error(what + " '" + all +
                       "' is not a count; use e.g. 1000, 64k, 1M, 1Mi, 2^28 or 3*2^20");
}

std::uint64_t parse_term(const std::string& t, const std::string& what, const std::string& all);

// "B^E", the caret at `caret`: B to the power E, each a term without a caret.
std::uint64_t parse_power(const std::string& t, size_t caret, const std::string& what,
                          const std::string& all) {
    if (t.find('^', caret + 1) != std::string::npos) {
        // one power per term: "2^2^2" is ambiguous, and no recursion per caret
        throw not_a_count(what, all);
    }
    auto base = parse_term(t.substr(0, caret), what, all);
    auto exp = parse_term(t.substr(caret + 1), what, all);
    if (base <= 1) {
        return exp == 0 ? 1 : base; // 0^0 = 1; no loop of exp steps
    }
    if (exp > 63) {
        throw usage_error(what + " '" + all + "' is too large");
    }
    std::uint64_t v = 1;
    for (std::uint64_t i = 0; i < exp; ++i) {
        v = checked_mul(v, base, what, all);
    }
    return v;
}

// What a count's suffix multiplies by: none 1, k/K M G powers of 1000, Ki Mi Gi powers of
// 1024; 0 for any other suffix.
std::uint64_t suffix_multiplier(const std::string& suffix) {
    if (suffix.empty()) {
        return 1;
    }
    if (suffix == "k" || suffix == "K") {
        return 1000;
    }
    if (suffix == "M") {
        return 1000000;
    }
    if (suffix == "G") {
        return 1000000000;
    }
    if (suffix == "Ki") {
        return 1024;
    }
    if (suffix == "Mi") {
        return 1024ULL * 1024;
    }
    if (suffix == "Gi") {
        return 1024ULL * 1024 * 1024;
    }
    return 0;
}

std::uint64_t parse_term(const std::string& t, const std::string& what, const std::string& all) {
    if (auto caret = t.find('^'); caret != std::string::npos) {
        return parse_power(t, caret, what, all);
    }
    size_t i = 0;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])) != 0) {
        ++i;
    }
    if (i == 0 || i > 20) { // 20 digits: up to 18446744073709551615, the largest count
        throw not_a_count(what, all);
    }
    std::uint64_t v = 0;
    try {
        v = std::stoull(t.substr(0, i));
    } catch (const std::out_of_range&) {
        throw usage_error(what + " '" + all + "' is too large (the largest is " +
                          std::to_string(UINT64_MAX) + ")");
    }
    const std::uint64_t mult = suffix_multiplier(t.substr(i));
    if (mult == 0) {
        throw not_a_count(what, all);
    }
    return checked_mul(v, mult, what, all);
}

} // namespace

std::uint64_t parse_count(const std::string& text, const std::string& what) {
    std::uint64_t v = 1;
    size_t start = 0;
    if (text.empty()) {
        throw usage_error(what + " is empty");
    }
    while (true) {
        auto star = text.find('*', start);
        v = checked_mul(v, parse_term(text.substr(start, star - start), what, text), what, text);
        if (star == std::string::npos) {
            return v;
        }
        start = star + 1;
    }
}

} // namespace grp
