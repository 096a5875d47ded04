#include "grp/core/machine/device_conditions.hpp"

#include "grp/core/sha256.hpp"

#include <algorithm>

namespace grp {

namespace {

using ojson = nlohmann::ordered_json;

/// A fact's value as the key and the messages write it: strings bare, null as "null".
std::string value_text(const condition_fact* f) {
    if (f == nullptr || f->value.is_null()) {
        return "null";
    }
    return f->value.is_string() ? f->value.get<std::string>() : f->value.dump();
}

/// value_text, with the reason of an unknown or absent fact.
std::string shown(const condition_fact* f) {
    if (f == nullptr) {
        return "not recorded";
    }
    return f->value.is_null() ? "null (" + f->why + ")" : value_text(f);
}

} // namespace

const std::vector<std::string>& gpu_key_facts() {
    static const std::vector<std::string> names = {
        "power_limit_w",       "enforced_power_limit_w",  "ecc",        "mig",
        "applications_sm_mhz", "applications_memory_mhz", "board_name", "board_part_number"};
    return names;
}

const std::vector<std::string>& cpu_key_facts() {
    static const std::vector<std::string> names = {"governor", "boost", "transparent_hugepages",
                                                   "smt_active"};
    return names;
}

condition_fact known_fact(const std::string& name, nlohmann::ordered_json value) {
    return {name, std::move(value), ""};
}

condition_fact unknown_fact(const std::string& name, const std::string& why) {
    return {name, nullptr, why};
}

const condition_fact* device_conditions::find(const std::string& name) const {
    for (const auto& f : facts) {
        if (f.name == name) {
            return &f;
        }
    }
    return nullptr;
}

std::string device_conditions::key() const {
    std::string lines;
    for (const auto& name : key_facts) {
        lines += name + "=" + value_text(find(name)) + "\n";
    }
    return sha256_hex(lines).substr(0, 12);
}

std::vector<std::string> differing_facts(const device_conditions& a, const device_conditions& b) {
    std::vector<std::string> out;
    if (a.key() == b.key() && a.key_facts == b.key_facts) {
        return out;
    }
    auto names = a.key_facts;
    for (const auto& n : b.key_facts) {
        if (std::find(names.begin(), names.end(), n) == names.end()) {
            names.push_back(n);
        }
    }
    for (const auto& n : names) {
        const auto *fa = a.find(n), *fb = b.find(n);
        if (value_text(fa) != value_text(fb) || (fa == nullptr) != (fb == nullptr)) {
            out.push_back(n + ": " + shown(fa) + " -> " + shown(fb));
        }
    }
    if (out.empty()) { // the same values, keyed differently (a GPU's facts against a CPU's)
        out.emplace_back("the keys cover different facts");
    }
    return out;
}

nlohmann::ordered_json conditions_json(const device_conditions& c) {
    ojson facts = ojson::object(), unknown = ojson::object();
    for (const auto& f : c.facts) {
        facts[f.name] = f.value;
        if (f.value.is_null()) {
            unknown[f.name] = f.why;
        }
    }
    return ojson{
        {"facts", facts}, {"unknown", unknown}, {"key", c.key()}, {"key_facts", c.key_facts}};
}

device_conditions device_conditions_from(const nlohmann::ordered_json& j) {
    device_conditions c;
    const auto facts = j.value("facts", ojson::object());
    const auto unknown = j.value("unknown", ojson::object());
    for (const auto& [name, v] : facts.items()) {
        if (v.is_string() || v.is_number() || v.is_boolean()) {
            c.facts.push_back(known_fact(name, v));
        } else {
            const auto why = unknown.find(name);
            c.facts.push_back(unknown_fact(name, why != unknown.end() && why->is_string()
                                                     ? why->get<std::string>()
                                                     : "no reason recorded"));
        }
    }
    for (const auto& n : j.value("key_facts", ojson::array())) {
        if (n.is_string()) {
            c.key_facts.push_back(n.get<std::string>());
        }
    }
    return c;
}

} // namespace grp
