#include "grp/model/spec/param_space.hpp"

#include <cctype>

namespace grp {

namespace {

bool satisfies(const param_space& space, const param_values& config) {
    for (const auto& c : space.constraints) {
        try {
            if (c.evaluate(config) == 0) {
                return false;
            }
        } catch (const expr_error& e) {
            throw expr_error("in constraint \"" + c.text() + "\": " + e.reason + " (for " +
                                 describe_config(space, config) + ")",
                             e.position);
        }
    }
    return true;
}

} // namespace

std::vector<param_values> expand_configs(const param_space& space) {
    std::vector<param_values> out;
    std::vector<std::size_t> at(space.params.size(), 0);
    for (const auto& p : space.params) {
        if (p.values.empty()) {
            return out;
        }
    }
    // An odometer over the value lists, the last parameter turning fastest.
    while (true) {
        param_values config;
        for (std::size_t i = 0; i < space.params.size(); ++i) {
            config[space.params[i].name] = space.params[i].values[at[i]];
        }
        if (satisfies(space, config)) {
            out.push_back(std::move(config));
        }
        std::size_t i = space.params.size();
        while (i > 0 && ++at[i - 1] == space.params[i - 1].values.size()) {
            at[--i] = 0;
        }
        if (i == 0) {
            return out;
        }
    }
}

std::string describe_config(const param_space& space, const param_values& config) {
    std::string out;
    for (const auto& p : space.params) {
        auto it = config.find(p.name);
        if (it != config.end()) {
            out += (out.empty() ? "" : " ") + p.name + "=" + std::to_string(it->second);
        }
    }
    return out;
}

bool valid_param_name(const std::string& name) {
    if (name.empty() || name.size() > 64 ||
        (std::isalpha(static_cast<unsigned char>(name[0])) == 0 && name[0] != '_')) {
        return false;
    }
    for (char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_') {
            return false;
        }
    }
    for (const char* reserved : {"type", "local_size", "n_is_pow2", "elems_per_item", "op"}) {
        if (name == reserved) {
            return false;
        }
    }
    return true;
}

} // namespace grp
