#include "grp/model/profile/control_record.hpp"

#include "grp/model/profile/json_fields.hpp"
#include "grp/model/profile/profile.hpp"

namespace grp {

using ojson = nlohmann::ordered_json;
using profile_fields::opt_double;

namespace {

ojson opt_unsigned(const std::optional<unsigned>& v) {
    return v ? ojson(*v) : ojson();
}

std::optional<unsigned> unsigned_from(const ojson& j, const char* key) {
    const auto v = opt_double(j, key);
    return v && *v >= 0 ? std::optional<unsigned>(static_cast<unsigned>(*v)) : std::nullopt;
}

} // namespace

ojson control_json(const control_record& c) {
    return ojson{{"requested", c.requested},
                 {"applied", c.applied},
                 {"clocks", c.clocks},
                 {"clocks_min_mhz", opt_unsigned(c.clocks_min_mhz)},
                 {"clocks_max_mhz", opt_unsigned(c.clocks_max_mhz)},
                 {"memory_clock_mhz", opt_unsigned(c.memory_clock_mhz)},
                 {"power_limit_w", json_number(c.power_limit_w)},
                 {"previous_power_limit_w", json_number(c.previous_power_limit_w)},
                 {"restored", c.restored},
                 {"restore", c.restore},
                 {"why_not", c.why_not}};
}

control_record control_from(const ojson& j) {
    control_record c;
    c.requested = j.value("requested", std::string());
    c.applied = j.value("applied", false);
    c.clocks = j.value("clocks", std::string());
    c.clocks_min_mhz = unsigned_from(j, "clocks_min_mhz");
    c.clocks_max_mhz = unsigned_from(j, "clocks_max_mhz");
    c.memory_clock_mhz = unsigned_from(j, "memory_clock_mhz");
    c.power_limit_w = opt_double(j, "power_limit_w");
    c.previous_power_limit_w = opt_double(j, "previous_power_limit_w");
    c.restored = j.value("restored", false);
    c.restore = j.value("restore", std::string());
    for (const auto& w : j.value("why_not", ojson::array())) {
        if (w.is_string()) {
            c.why_not.push_back(w.get<std::string>());
        }
    }
    return c;
}

} // namespace grp
