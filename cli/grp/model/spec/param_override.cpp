#include "grp/model/spec/param_override.hpp"

#include "grp/core/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <set>

namespace grp {

namespace {

std::int64_t parse_value(const std::string& item, const std::string& text) {
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(item.c_str(), &end, 10);
    if (item.empty() || end != item.c_str() + item.size() || errno != 0 ||
        v < -max_param_magnitude || v > max_param_magnitude) {
        throw usage_error("--param '" + text + "': '" + item +
                          "' is not an integer from -2^31 to 2^31; expected NAME=V[,V...] such "
                          "as UNROLL=1,2");
    }
    return v;
}

// "VEC, UNROLL, ACC (tunable)", or why there are none.
std::string known_params(const std::vector<kernel_spec>& kernels) {
    std::string out;
    for (const auto& k : kernels) {
        std::string names;
        for (const auto& p : k.tuning.params) {
            names += (names.empty() ? "" : ", ") + p.name;
        }
        if (!names.empty() && out.find(names + " (" + k.name + ")") == std::string::npos) {
            out += (out.empty() ? "" : "; ") + names + " (" + k.name + ")";
        }
    }
    return out.empty() ? "the selected kernels declare no parameters" : "known: " + out;
}

// "VEC=1,2 UNROLL=4": the value lists after the overrides so far.
std::string describe_space(const param_space& space) {
    std::string out;
    for (const auto& p : space.params) {
        out += (out.empty() ? "" : " ") + p.name + "=";
        for (std::size_t i = 0; i < p.values.size(); ++i) {
            out += (i == 0 ? "" : ",") + std::to_string(p.values[i]);
        }
    }
    return out;
}

void apply_one(kernel_spec& k, const param_override& o) {
    auto p = std::find_if(k.tuning.params.begin(), k.tuning.params.end(),
                          [&](const tuning_param& t) { return t.name == o.name; });
    p->values = o.values;
    std::uint64_t raw = 1;
    for (const auto& t : k.tuning.params) {
        raw *= t.values.size(); // each list is at most max_raw_configs long: no overflow
        if (raw > max_raw_configs) {
            throw usage_error("--param '" + o.text + "': kernel '" + k.name + "' would have more " +
                              "than " + std::to_string(max_raw_configs) + " configurations");
        }
    }
    if (k.raw.is_object() && k.raw.contains("params") && k.raw["params"].is_object()) {
        k.raw["params"][o.name] = o.values; // the profile records the spec that ran
    }
    try {
        if (instantiate_kernel(k).empty()) {
            std::string rules;
            for (const auto& c : k.tuning.constraints) {
                rules += (rules.empty() ? "" : ", ") + c.text();
            }
            throw usage_error("--param '" + o.text + "': no configuration of kernel '" + k.name +
                              "' satisfies its constraints (" + rules + ") with the values " +
                              describe_space(k.tuning));
        }
    } catch (const file_error& e) {
        throw usage_error("--param '" + o.text + "': " + e.what());
    } catch (const expr_error& e) {
        throw usage_error("--param '" + o.text + "': kernel '" + k.name + "': " + e.what());
    }
}

} // namespace

param_override parse_param_override(const std::string& text) {
    const auto eq = text.find('=');
    param_override o{text.substr(0, eq), {}, text};
    if (eq == std::string::npos || !valid_param_name(o.name)) {
        throw usage_error("--param '" + text + "': expected NAME=V[,V...] such as UNROLL=1,2");
    }
    std::string list = text.substr(eq + 1);
    if (list.size() >= 2 && list.front() == '[' && list.back() == ']') {
        list = list.substr(1, list.size() - 2);
    }
    std::size_t at = 0;
    while (true) {
        const auto comma = list.find(',', at);
        const auto v = parse_value(list.substr(at, comma - at), text);
        if (std::find(o.values.begin(), o.values.end(), v) != o.values.end()) {
            throw usage_error("--param '" + text + "' repeats the value " + std::to_string(v));
        }
        o.values.push_back(v);
        if (comma == std::string::npos) {
            return o;
        }
        at = comma + 1;
    }
}

void apply_param_overrides(std::vector<kernel_spec>& kernels,
                           const std::vector<param_override>& overrides) {
    std::set<std::string> seen;
    for (const auto& o : overrides) {
        if (!seen.insert(o.name).second) {
            throw usage_error("--param " + o.name + " is given twice: give its values once, as " +
                              o.name + "=V,V");
        }
        bool found = false;
        for (auto& k : kernels) {
            if (std::any_of(k.tuning.params.begin(), k.tuning.params.end(),
                            [&](const tuning_param& t) { return t.name == o.name; })) {
                apply_one(k, o);
                found = true;
            }
        }
        if (!found) {
            throw usage_error("--param '" + o.text + "': no selected kernel has a parameter " +
                              o.name + " (" + known_params(kernels) + ")");
        }
    }
}

} // namespace grp
