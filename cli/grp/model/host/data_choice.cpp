#include "grp/model/host/data_choice.hpp"

#include "grp/core/error.hpp"
#include "grp/core/strings.hpp"

#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <limits>
#include <sstream>

namespace grp {

std::string data_choice::describe(std::uint64_t seed) const {
    switch (kind) {
    case value_kind::iota:
        return "iota";
    case value_kind::ones:
        return "ones";
    case value_kind::constant:
        return "const:" + shortest_text(constant);
    case value_kind::file:
        return "file:" + path;
    default:
        return "random (seed " + std::to_string(seed) + ")";
    }
}

data_choice parse_data_choice(const std::string& text) {
    data_choice d;
    if (text == "random") {
        return d;
    }
    if (text == "iota" || text == "ones") {
        d.kind = text == "iota" ? value_kind::iota : value_kind::ones;
        return d;
    }
    if (text.rfind("const:", 0) == 0) {
        char* end = nullptr;
        const std::string v = text.substr(6);
        d.constant = std::strtod(v.c_str(), &end);
        if (v.empty() || end != v.c_str() + v.size() || !std::isfinite(d.constant) ||
            std::fabs(d.constant) > std::numeric_limits<float>::max()) {
            throw usage_error("--data const:V needs a finite number within +-3.4e38, got '" + v +
                              "'");
        }
        d.kind = value_kind::constant;
        return d;
    }
    if (text.rfind("file:", 0) == 0 && text.size() > 5) {
        d.kind = value_kind::file;
        d.path = text.substr(5);
        return d;
    }
    throw usage_error("--data '" + text +
                      "': expected random, iota, ones, const:V (a number) or file:PATH (raw "
                      "values of the element type)");
}

void check_data_for_type(const data_choice& data, element_type t) {
    if (data.kind != value_kind::constant ||
        (t != element_type::int32 && t != element_type::uint32)) {
        return;
    }
    const bool is_int = t == element_type::int32;
    const double lo = is_int ? -2147483648.0 : 0.0;
    const double hi = is_int ? 2147483647.0 : 4294967295.0;
    const double v = data.constant;
    const char* what = v != std::trunc(v) ? "is not a whole number"
                       : v < 0 && !is_int ? "is negative"
                       : v < lo || v > hi ? "is out of range"
                                          : nullptr;
    if (what != nullptr) {
        std::ostringstream os;
        os << "--data const:" << shortest_text(v) << " " << what << " for -t " << to_string(t)
           << ": " << to_string(t) << " data holds whole numbers from " << std::fixed
           << std::setprecision(0) << lo << " to " << hi
           << " (a value outside is never wrapped or rounded: a sum of it would verify nothing)";
        throw usage_error(os.str());
    }
}

} // namespace grp
