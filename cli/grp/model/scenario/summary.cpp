#include "grp/model/scenario/summary.hpp"

namespace grp {

void add_device_summary(nlohmann::ordered_json& scenario, int device,
                        const nlohmann::ordered_json& summary) {
    if (!scenario.is_object()) {
        scenario = nlohmann::ordered_json::object();
    }
    auto& devices = scenario["devices"];
    if (!devices.is_array()) {
        devices = nlohmann::ordered_json::array();
    }
    nlohmann::ordered_json entry = {{"device", device}};
    for (const auto& [k, v] : summary.items()) {
        entry[k] = v;
    }
    devices.push_back(entry);
    if (devices.size() == 1) {
        for (const auto& [k, v] : summary.items()) {
            scenario[k] = v;
        }
    } else if (devices.size() == 2) {
        for (const auto& [k, v] : devices[0].items()) {
            if (k != "device") {
                scenario.erase(k);
            }
        }
    }
}

} // namespace grp
