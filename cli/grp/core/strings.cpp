#include "grp/core/strings.hpp"

namespace grp {

std::string joined(const std::vector<std::string>& items, const std::string& sep) {
    std::string out;
    for (const auto& s : items) {
        out += (out.empty() ? "" : sep) + s;
    }
    return out;
}

} // namespace grp
