#include "grp/model/profile/conditions.hpp"

#include "grp/model/profile/json_fields.hpp"
#include "grp/model/profile/profile.hpp"

namespace grp {

using ojson = nlohmann::ordered_json;
using profile_fields::opt_double;

namespace {

std::vector<std::string> words(const ojson& j, const char* key) {
    std::vector<std::string> out;
    for (const auto& v : j.value(key, ojson::array())) {
        if (v.is_string()) {
            out.push_back(v.get<std::string>());
        }
    }
    return out;
}

std::string text(const ojson& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

} // namespace

ojson conditions_json(const round_conditions& c) {
    auto j = ojson{{"seconds", json_number(c.seconds)},
                   {"readings", c.readings},
                   {"clock_mhz_min", json_number(c.clock_mhz_min)},
                   {"clock_mhz_max", json_number(c.clock_mhz_max)},
                   {"mem_clock_mhz_min", json_number(c.mem_clock_mhz_min)},
                   {"mem_clock_mhz_max", json_number(c.mem_clock_mhz_max)},
                   {"temperature_c", json_number(c.temperature_c)},
                   {"power_w", json_number(c.power_w)},
                   {"energy_j", json_number(c.energy_j)},
                   {"energy_source", c.energy_source},
                   {"reasons", c.reasons},
                   {"unsteady", c.unsteady}};
    if (c.cooldown_s) {
        j["cooldown_s"] = json_number(c.cooldown_s);
    }
    return j;
}

round_conditions conditions_from(const ojson& j) {
    round_conditions c;
    c.seconds = opt_double(j, "seconds").value_or(0);
    c.readings = j.value("readings", std::uint32_t{0});
    c.clock_mhz_min = opt_double(j, "clock_mhz_min");
    c.clock_mhz_max = opt_double(j, "clock_mhz_max");
    c.mem_clock_mhz_min = opt_double(j, "mem_clock_mhz_min");
    c.mem_clock_mhz_max = opt_double(j, "mem_clock_mhz_max");
    c.temperature_c = opt_double(j, "temperature_c");
    c.power_w = opt_double(j, "power_w");
    c.energy_j = opt_double(j, "energy_j");
    c.energy_source = text(j, "energy_source");
    c.reasons = words(j, "reasons");
    c.unsteady = text(j, "unsteady");
    c.cooldown_s = opt_double(j, "cooldown_s");
    return c;
}

ojson sensors_json(const sensor_record& s) {
    return ojson{{"backend", s.backend},
                 {"device", s.device},
                 {"found", s.found},
                 {"lacking", s.lacking},
                 {"max_clock_mhz", json_number(s.max_clock_mhz)},
                 {"settle_s", json_number(s.settle_s)},
                 {"settle", s.settle}};
}

sensor_record sensors_from(const ojson& j) {
    sensor_record s;
    s.backend = j.value("backend", std::string("none"));
    s.device = text(j, "device");
    s.found = words(j, "found");
    s.lacking = words(j, "lacking");
    s.max_clock_mhz = opt_double(j, "max_clock_mhz");
    s.settle_s = opt_double(j, "settle_s");
    s.settle = text(j, "settle");
    return s;
}

ojson energy_json(const case_energy& e) {
    return ojson{{"power_w", json_number(e.power_w)},
                 {"joules_per_launch", json_number(e.joules_per_launch)},
                 {"gbps_per_w", json_number(e.gbps_per_w)},
                 {"elements_per_j", json_number(e.elements_per_j)},
                 {"basis", e.basis},
                 {"missing", e.missing}};
}

case_energy energy_from(const ojson& j) {
    case_energy e;
    e.power_w = opt_double(j, "power_w");
    e.joules_per_launch = opt_double(j, "joules_per_launch");
    e.gbps_per_w = opt_double(j, "gbps_per_w");
    e.elements_per_j = opt_double(j, "elements_per_j");
    e.basis = text(j, "basis");
    e.missing = text(j, "missing");
    return e;
}

} // namespace grp
