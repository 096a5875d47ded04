#include "grp/model/spec/spec_reader.hpp"

#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <algorithm>
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

std::string spec_reader::name(const ojson& v, const std::string& field) const {
    auto s = text(v, field);
    if (const auto why = name_problem(s); !why.empty()) {
        fail(field, "the kernel name '" + terminal_escape(s) + "' " + why +
                        ": a name is a case key in profiles, CSV and tables, so it must be "
                        "printable text; rename the kernel");
    }
    return s;
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
    // "8*cu", "{G}*cu", "G * 2 * cu", "{G}": a count, or an expression of the kernel's tuning
    // parameters ({NAME} as build options write it, or NAME as constraints do), checked
    // against the parameters with the tuning space (check_caps).
    static const std::regex per_cu(R"(^(.*?)\s*\*\s*cu\s*$)");
    std::string s = v.get<std::string>();
    std::smatch m;
    c.of_cu = std::regex_match(s, m, per_cu);
    std::string e = c.of_cu ? m[1].str() : s;
    e.erase(std::remove_if(e.begin(), e.end(), [](char ch) { return ch == '{' || ch == '}'; }),
            e.end());
    try {
        const auto x = expression::parse(e);
        if (!x.names().empty()) {
            c.expr = e;
            return c;
        }
        const auto k = x.evaluate({});
        if (k < 1 || static_cast<std::uint64_t>(k) > max_group_cap) {
            throw expr_error("the count must be from 1 to " + std::to_string(max_group_cap), 0);
        }
        (c.of_cu ? c.per_cu : c.groups) = static_cast<std::uint64_t>(k);
    } catch (const expr_error& err) {
        fail(field, "expected a number, 'K*cu' or an expression of the kernel's parameters "
                    "such as '{G}*cu' (K and G*... from 1 to " +
                        std::to_string(max_group_cap) + "), got '" + s + "': " + err.what());
    }
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

std::uint64_t spec_reader::n_rule(const ojson& v, const std::string& field) const {
    if (!v.is_object() || v.size() != 1 || !v.contains("multiple_of")) {
        fail(field, "expected {\"multiple_of\": K}: the sizes the kernel takes are the "
                    "multiples of K");
    }
    // A multiple larger than any local size x elements per item would only hide a typo.
    const auto k = count(v["multiple_of"], field + ".multiple_of");
    if (k < 1 || k > max_local_size) {
        fail(field + ".multiple_of", "must be between 1 and " + std::to_string(max_local_size));
    }
    return k;
}

// The tuning fields ("params", "constraints", an elems_per_item expression).

namespace {

tuning_param read_param(const spec_reader& r, const std::string& name, const ojson& v,
                        const std::string& f) {
    if (!valid_param_name(name)) {
        r.fail(f, "a parameter name is a C identifier of at most 64 characters, not a built-in "
                  "placeholder (type, local_size, n_is_pow2, elems_per_item, op)");
    }
    if (!v.is_array() || v.empty()) {
        r.fail(f, "expected a non-empty array of integers, e.g. [1, 2, 4]");
    }
    tuning_param p{name, {}};
    for (std::size_t i = 0; i < v.size(); ++i) {
        const auto fi = f + "[" + std::to_string(i) + "]";
        const auto x =
            json_to_i64(v[i], r.file + ": " + fi, -max_param_magnitude, max_param_magnitude);
        if (std::find(p.values.begin(), p.values.end(), x) != p.values.end()) {
            r.fail(fi, "repeats the value " + std::to_string(x));
        }
        p.values.push_back(x);
    }
    return p;
}

void read_params(const spec_reader& r, const ojson& v, const std::string& f, param_space& space) {
    if (!v.is_object() || v.empty()) {
        r.fail(f, "expected an object of value lists, e.g. {\"VEC\": [1, 2, 4]}");
    }
    std::uint64_t raw = 1;
    for (const auto& [name, values] : v.items()) {
        space.params.push_back(read_param(r, name, values, f + "." + name));
        raw *= space.params.back().values.size();
        if (raw > max_raw_configs) {
            r.fail(f, "more than " + std::to_string(max_raw_configs) +
                          " configurations: shorten the value lists");
        }
    }
}

expression read_expression(const spec_reader& r, const ojson& v, const std::string& f,
                           const param_space& space) {
    const std::string text = r.text(v, f);
    try {
        auto e = expression::parse(text);
        for (const auto& name : e.names()) {
            if (std::none_of(space.params.begin(), space.params.end(),
                             [&](const tuning_param& p) { return p.name == name; })) {
                r.fail(f, "names '" + name + "', which is not a parameter of this kernel");
            }
        }
        return e;
    } catch (const expr_error& e) {
        r.fail(f, e.what());
    }
}

void check_elems(const spec_reader& r, const std::string& f, const kernel_spec& s,
                 const std::vector<param_values>& configs) {
    const auto e = read_expression(r, ojson(s.grid.elems_per_item_expr), f, s.tuning);
    for (const auto& c : configs) {
        try {
            const auto x = e.evaluate(c);
            if (x < 1 || static_cast<std::uint64_t>(x) > max_elems_per_item) {
                r.fail(f, "is " + std::to_string(x) + " for " + describe_config(s.tuning, c) +
                              "; it must be from 1 to 2^32");
            }
        } catch (const expr_error& err) {
            r.fail(f, std::string(err.what()) + " (for " + describe_config(s.tuning, c) + ")");
        }
    }
}

std::string param_names(const param_space& space) {
    std::string out;
    for (const auto& p : space.params) {
        out += (out.empty() ? "" : ", ") + p.name;
    }
    return out.empty() ? "this kernel has no \"params\"" : "its parameters: " + out;
}

// Every configuration's group caps: each name a parameter, each value within range.
void check_caps(const spec_reader& r, const std::string& f, const kernel_spec& s,
                const std::vector<param_values>& configs) {
    std::vector<std::pair<std::string, const group_cap*>> caps;
    caps.emplace_back(f + (s.grid.by_class.empty() ? "" : ".default"), &s.grid.cap);
    for (const auto& [cls, c] : s.grid.by_class) {
        caps.emplace_back(f + "." + cls, &c);
    }
    for (const auto& [field, c] : caps) {
        if (c->expr.empty()) {
            continue;
        }
        for (const auto& name : expression::parse(c->expr).names()) {
            if (std::none_of(s.tuning.params.begin(), s.tuning.params.end(),
                             [&](const tuning_param& p) { return p.name == name; })) {
                r.fail(field, "names the parameter '" + name +
                                  "', which this kernel does not "
                                  "declare (" +
                                  param_names(s.tuning) + ")");
            }
        }
        for (const auto& config : configs) {
            try {
                grid_rule g;
                g.cap = *c;
                g.resolve(config);
            } catch (const std::exception& e) {
                r.fail(field, std::string(e.what()) + " for " + describe_config(s.tuning, config));
            }
        }
    }
}

} // namespace

void spec_reader::tuning(const ojson& k, const std::string& field, kernel_spec& s) const {
    if (k.contains("params")) {
        read_params(*this, k["params"], field + ".params", s.tuning);
    }
    if (k.contains("constraints")) {
        const auto& c = k["constraints"];
        const auto f = field + ".constraints";
        if (!c.is_array() || c.size() > max_constraints) {
            fail(f, "expected an array of at most " + std::to_string(max_constraints) +
                        " expressions such as \"VEC * ACC <= 32\"");
        }
        for (std::size_t i = 0; i < c.size(); ++i) {
            s.tuning.constraints.push_back(
                read_expression(*this, c[i], f + "[" + std::to_string(i) + "]", s.tuning));
        }
    }
    std::vector<param_values> configs;
    try {
        configs = expand_configs(s.tuning);
    } catch (const expr_error& e) {
        fail(field + ".constraints", e.what());
    }
    if (configs.empty()) {
        fail(field + ".constraints", "no configuration of the parameters satisfies them all");
    }
    if (!s.grid.elems_per_item_expr.empty()) {
        check_elems(*this, field + ".grid.elems_per_item", s, configs);
    }
    check_caps(*this, field + ".grid.max_groups", s, configs);
}

} // namespace grp
