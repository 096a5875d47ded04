#include "grp/model/spec_reader.hpp"

#include "grp/core/json_file.hpp"

#include <cmath>
#include <limits>
#include <regex>

namespace grp {

using ojson = nlohmann::ordered_json;

void spec_reader::fail(const std::string& field, const std::string& why) const {
    throw file_error(file + ": " + field + ": " + why);
}

std::uint64_t spec_reader::count(const ojson& v, const std::string& field) const {
    return json_to_u64(v, file + ": " + field);
}

std::string spec_reader::text(const ojson& v, const std::string& field) const {
    return json_to_string(v, file + ": " + field);
}

bool spec_reader::flag(const ojson& v, const std::string& field) const {
    if (!v.is_boolean()) {
        fail(field, "expected true or false, got " + json_brief(v));
    }
    return v.get<bool>();
}

double spec_reader::constant(const ojson& v, const std::string& type,
                             const std::string& field) const {
    if (type == "float") {
        const double x = json_to_double(v, file + ": " + field);
        if (std::fabs(x) > std::numeric_limits<float>::max()) {
            fail(field, "a float constant must be within +-3.4e38, got " + json_brief(v));
        }
        return x;
    }
    const bool is_int = type == "int";
    const std::int64_t lo = is_int ? std::numeric_limits<std::int32_t>::min() : 0;
    const std::int64_t hi = is_int ? std::numeric_limits<std::int32_t>::max()
                                   : std::numeric_limits<std::uint32_t>::max();
    return static_cast<double>(json_to_i64(v, file + ": " + field, lo, hi));
}

kernel_arg spec_reader::arg(const ojson& v, const std::string& field) const {
    kernel_arg a;
    if (v.is_object()) {
        if (!v.contains("const") || !v.contains("value")) {
            fail(field, "a constant argument is {\"const\": \"uint\", \"value\": 7}");
        }
        a.what = kernel_arg::role::constant;
        a.const_type = text(v["const"], field + ".const");
        if (a.const_type != "int" && a.const_type != "uint" && a.const_type != "float") {
            fail(field + ".const", "constants are int, uint or float");
        }
        a.const_value = constant(v["value"], a.const_type, field + ".value");
        return a;
    }
    std::string s = text(v, field);
    static const std::regex re(R"(^(input|output)(\.([xyz]))?$)");
    std::smatch m;
    if (std::regex_match(s, m, re)) {
        a.what = m[1] == "input" ? kernel_arg::role::input : kernel_arg::role::output;
        a.component = m[3].matched ? (m[3].str()[0] - 'x') : -1;
    } else if (s == "n") {
        a.what = kernel_arg::role::n;
    } else if (s == "local") {
        a.what = kernel_arg::role::local;
    } else if (s == "counter") {
        a.what = kernel_arg::role::counter;
    } else {
        fail(field, "unknown role '" + s +
                        "'; roles: input, input.x|y|z, output, output.x|y|z, n, local, counter, "
                        "or {\"const\": TYPE, \"value\": V}");
    }
    return a;
}

group_cap spec_reader::cap(const ojson& v, const std::string& field) const {
    group_cap c;
    if (!v.is_string()) {
        c.groups = count(v, field);
        return c;
    }
    static const std::regex per_cu(R"(^([0-9]{1,9})\s*\*\s*cu$)");
    std::smatch m;
    std::string s = v.get<std::string>();
    if (!std::regex_match(s, m, per_cu) || std::stoull(m[1]) == 0) {
        fail(field, "expected a number or 'K*cu' (K from 1 to 999999999), got '" + s + "'");
    }
    c.per_cu = std::stoull(m[1]);
    return c;
}

grid_rule spec_reader::grid(const ojson& v, const std::string& field) const {
    grid_rule g;
    if (!v.is_object()) {
        fail(field, "expected an object such as {\"elems_per_item\": 2, \"max_groups\": 64}");
    }
    for (const auto& [key, val] : v.items()) {
        const auto f = field + "." + key;
        if (key == "elems_per_item" && val.is_string()) {
            g.elems_per_item_expr = text(val, f); // checked with the tuning space
        } else if (key == "elems_per_item") {
            g.elems_per_item = count(val, f);
            if (g.elems_per_item == 0 || g.elems_per_item > (1ULL << 32)) {
                fail(f, "must be from 1 to 2^32");
            }
        } else if (key == "max_groups" && val.is_object()) {
            for (const auto& [cls, c] : val.items()) {
                if (cls != "cpu" && cls != "gpu" && cls != "accelerator" && cls != "default") {
                    fail(f + "." + cls, "device classes are cpu, gpu, accelerator, default");
                }
                (cls == "default" ? g.cap : g.by_class[cls]) = cap(c, f + "." + cls);
            }
        } else if (key == "max_groups") {
            g.cap = cap(val, f);
        } else {
            fail(f, "unknown field (known: elems_per_item, max_groups)");
        }
    }
    return g;
}

local_size_rule spec_reader::local_rule(const ojson& v, const std::string& field) const {
    local_size_rule r;
    if (!v.is_object()) {
        fail(field, "expected an object such as {\"pow2\": true, \"max\": 1024}");
    }
    // No device has work-groups of more than a few thousand items; the bound keeps products
    // of a local size with element counts and sizes far from 2^64.
    auto size = [&](const ojson& val, const std::string& f) {
        const auto x = count(val, f);
        if (x > max_local_size) {
            fail(f, "must be at most " + std::to_string(max_local_size));
        }
        return x;
    };
    for (const auto& [key, val] : v.items()) {
        if (key == "pow2") {
            r.pow2_only = flag(val, field + ".pow2");
        } else if (key == "min") {
            r.min = size(val, field + ".min");
        } else if (key == "max") {
            r.max = size(val, field + ".max");
        } else if (key == "fixed") {
            r.fixed = size(val, field + ".fixed");
        } else {
            fail(field + "." + key, "unknown field (known: pow2, min, max, fixed)");
        }
    }
    return r;
}

} // namespace grp
