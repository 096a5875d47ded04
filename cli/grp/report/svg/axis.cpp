#include "grp/report/svg/axis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace grp::svg {

namespace {

std::string printf_double(const char* fmt, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
}

// Drops trailing zeros after a decimal point: "2.50" -> "2.5", "3.00" -> "3".
std::string trim_zeros(std::string s) {
    if (s.find('.') == std::string::npos) {
        return s;
    }
    while (!s.empty() && s.back() == '0') {
        s.pop_back();
    }
    if (!s.empty() && s.back() == '.') {
        s.pop_back();
    }
    return s;
}

struct si_prefix {
    double factor;
    const char* suffix;
};

// Largest prefix that leaves the value >= 1; none below 10 000 so that GB/s stay plain numbers.
si_prefix prefix_for(double magnitude) {
    static const si_prefix prefixes[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    if (magnitude < 1e4) {
        return {1, ""};
    }
    for (const auto& p : prefixes) {
        if (magnitude >= p.factor) {
            return p;
        }
    }
    return {1, ""};
}

} // namespace

std::vector<double> nice_ticks(double lo, double hi, int target) {
    lo = std::min(lo, 0.0);
    if (!(hi > lo) || !std::isfinite(hi) || !std::isfinite(lo)) {
        hi = lo + 1;
    }
    const double raw = (hi - lo) / std::max(1, target - 1);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag * 10;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (m * mag >= raw) {
            step = m * mag;
            break;
        }
    }
    std::vector<double> ticks;
    const double first = std::floor(lo / step) * step;
    for (int i = 0;; ++i) {
        double t = first + i * step;
        // Snap away floating-point residue such as 0.30000000000000004.
        t = std::round(t / step) * step;
        ticks.push_back(std::fabs(t) < step * 1e-9 ? 0.0 : t);
        if (t >= hi - step * 1e-9) {
            break;
        }
    }
    return ticks;
}

std::vector<double> log2_ticks(double lo, double hi, int max_ticks) {
    const int e0 = static_cast<int>(std::floor(std::log2(lo) + 1e-9));
    const int e1 = static_cast<int>(std::ceil(std::log2(hi) - 1e-9));
    int every = 1;
    while ((e1 - e0) / every + 1 > std::max(1, max_ticks)) {
        every *= 2;
    }
    std::vector<double> ticks;
    for (int e = e0; e <= e1; e += every) {
        ticks.push_back(std::ldexp(1.0, e));
    }
    return ticks;
}

std::vector<double> log10_ticks(double lo, double hi) {
    const int e0 = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
    const int e1 = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
    const bool fine = e1 - e0 < 3;
    std::vector<double> all;
    for (int e = e0; e <= e1; ++e) {
        const double d = std::pow(10.0, e);
        all.push_back(d);
        if (fine && e < e1) {
            all.push_back(2 * d);
            all.push_back(5 * d);
        }
    }
    // Keep the ticks from the last one <= lo to the first one >= hi.
    std::size_t first = 0, last = all.size() - 1;
    while (first + 1 < all.size() && all[first + 1] <= lo * (1 + 1e-12)) {
        ++first;
    }
    while (last > first && all[last - 1] >= hi * (1 - 1e-12)) {
        --last;
    }
    return {all.begin() + static_cast<std::ptrdiff_t>(first),
            all.begin() + static_cast<std::ptrdiff_t>(last) + 1};
}

std::string pow2_label(double v) {
    const double e = std::log2(v);
    if (!(v > 0) || std::fabs(e - std::round(e)) > 1e-9) {
        return printf_double("%.0f", v);
    }
    static const char* const superscripts[] = {
        "\xE2\x81\xB0", "\xC2\xB9",     "\xC2\xB2",     "\xC2\xB3",     "\xE2\x81\xB4",
        "\xE2\x81\xB5", "\xE2\x81\xB6", "\xE2\x81\xB7", "\xE2\x81\xB8", "\xE2\x81\xB9"};
    const auto exponent = static_cast<long long>(std::llround(e));
    std::string out = "2";
    if (exponent < 0) {
        out += "\xE2\x81\xBB"; // superscript minus
    }
    for (char c : std::to_string(exponent < 0 ? -exponent : exponent)) {
        out += superscripts[c - '0'];
    }
    return out;
}

scale::scale(double d0, double d1, double p0, double p1, bool log2)
    : m_d0(d0), m_d1(d1), m_p0(p0), m_p1(p1), m_log2(log2) {}

double scale::operator()(double v) const {
    double a = m_d0, b = m_d1;
    if (m_log2) {
        a = std::log2(a);
        b = std::log2(b);
        v = std::log2(v);
    }
    if (b == a) {
        return (m_p0 + m_p1) / 2;
    }
    return m_p0 + (v - a) / (b - a) * (m_p1 - m_p0);
}

std::string format_tick(double v, double step) {
    if (v == 0) {
        return "0";
    }
    const auto p = prefix_for(std::max(std::fabs(v), std::fabs(step)));
    const double scaled_step = std::fabs(step) / p.factor;
    int decimals = 0;
    while (decimals < 6 && scaled_step > 0 &&
           std::fabs(scaled_step * std::pow(10.0, decimals) -
                     std::round(scaled_step * std::pow(10.0, decimals))) > 1e-6) {
        ++decimals;
    }
    return trim_zeros(
               printf_double(("%." + std::to_string(decimals) + "f").c_str(), v / p.factor)) +
           p.suffix;
}

std::string format_value(double v) {
    if (!std::isfinite(v)) {
        return "n/a";
    }
    if (v == 0) {
        return "0";
    }
    const auto p = prefix_for(std::fabs(v));
    const double s = v / p.factor;
    const double a = std::fabs(s);
    std::string text;
    if (a >= 100) {
        text = printf_double("%.0f", s);
    } else if (a >= 10) {
        text = printf_double("%.1f", s);
    } else if (a >= 0.01) {
        text = printf_double("%.2f", s);
    } else {
        text = printf_double("%.3g", s);
    }
    return trim_zeros(text) + p.suffix;
}

std::string px(double v) {
    return trim_zeros(printf_double("%.1f", v));
}

} // namespace grp::svg
