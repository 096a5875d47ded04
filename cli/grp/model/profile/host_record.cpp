#include "grp/model/profile/host_record.hpp"

#include "grp/model/profile/profile.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

ojson load_json(const std::optional<std::array<double, 3>>& l) {
    return l ? ojson{json_number((*l)[0]), json_number((*l)[1]), json_number((*l)[2])}
             : ojson(nullptr);
}

std::optional<std::array<double, 3>> load_from(const ojson& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_array() || it->size() != 3) {
        return std::nullopt;
    }
    std::array<double, 3> out{};
    for (std::size_t i = 0; i < 3; ++i) {
        out[i] = (*it)[i].is_number() ? (*it)[i].get<double>() : 0.0;
    }
    return out;
}

} // namespace

void to_json(ojson& j, const host_info& h) {
    j = ojson{{"hostname", h.hostname},
              {"os", h.os},
              {"os_release", h.os_release},
              {"cpu_model", h.cpu_model},
              {"cpu_cores", h.cpu_cores},
              {"memory_bytes", h.memory_bytes},
              {"machine_id", h.machine_id},
              {"load_start", load_json(h.load_start)},
              {"load_end", load_json(h.load_end)},
              {"env", h.env},
              {"cpu_mhz", json_number(h.cpu_mhz)},
              {"cpu_max_mhz", json_number(h.cpu_max_mhz)},
              {"cpu_governor", h.cpu_governor},
              {"started_at", h.started_at},
              {"finished_at", h.finished_at}};
}

void from_json(const ojson& j, host_info& h) {
    h.hostname = j.value("hostname", "");
    h.os = j.value("os", "");
    h.os_release = j.value("os_release", "");
    h.cpu_model = j.value("cpu_model", "");
    h.cpu_cores = j.value("cpu_cores", std::uint32_t{0});
    h.memory_bytes = j.value("memory_bytes", std::uint64_t{0});
    h.machine_id = j.value("machine_id", "");
    h.load_start = load_from(j, "load_start");
    h.load_end = load_from(j, "load_end");
    h.env = j.value("env", std::map<std::string, std::string>{});
    h.clocks_recorded = j.contains("cpu_mhz");
    for (auto [key, field] : {std::pair{"cpu_mhz", &h.cpu_mhz}, {"cpu_max_mhz", &h.cpu_max_mhz}}) {
        if (j.contains(key) && j[key].is_number()) {
            *field = j[key].get<double>();
        }
    }
    h.cpu_governor = j.value("cpu_governor", "");
    h.started_at = j.value("started_at", "");
    h.finished_at = j.value("finished_at", "");
}

} // namespace grp
