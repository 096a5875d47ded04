#include "grp/core/strings.hpp"

#include <cstdio>
#include <cstdlib>

namespace grp {

std::string joined(const std::vector<std::string>& items, const std::string& sep) {
    std::string out;
    for (const auto& s : items) {
        out += (out.empty() ? "" : sep) + s;
    }
    return out;
}

std::string shortest_text(double v) {
    char buf[32];
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) {
            break;
        }
    }
    return buf;
}

} // namespace grp
