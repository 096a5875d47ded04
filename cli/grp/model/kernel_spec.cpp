#include "grp/model/kernel_spec.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_position.hpp"

#include <algorithm>
#include <regex>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

// Carries the file and field path so every message says where: "reduce.json: kernels[2].grid".
struct spec_reader {
    std::string file;

    [[noreturn]] void fail(const std::string& field, const std::string& why) const {
        throw file_error(file + ": " + field + ": " + why);
    }

    std::uint64_t count(const ojson& v, const std::string& field) const {
        if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<long long>() >= 0)) {
            fail(field, "expected a whole number >= 0, got " + v.dump());
        }
        return v.get<std::uint64_t>();
    }

    std::string text(const ojson& v, const std::string& field) const {
        if (!v.is_string()) {
            fail(field, "expected a string, got " + v.dump());
        }
        return v.get<std::string>();
    }

    bool flag(const ojson& v, const std::string& field) const {
        if (!v.is_boolean()) {
            fail(field, "expected true or false, got " + v.dump());
        }
        return v.get<bool>();
    }

    kernel_arg arg(const ojson& v, const std::string& field) const {
        kernel_arg a;
        if (v.is_object()) {
            if (!v.contains("const") || !v.contains("value") || !v["value"].is_number()) {
                fail(field, "a constant argument is {\"const\": \"uint\", \"value\": 7}");
            }
            a.what = kernel_arg::role::constant;
            a.const_type = text(v["const"], field + ".const");
            if (a.const_type != "int" && a.const_type != "uint" && a.const_type != "float") {
                fail(field + ".const", "constants are int, uint or float");
            }
            a.const_value = v["value"].get<double>();
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
        } else {
            fail(field, "unknown role '" + s +
                            "'; roles: input, input.x|y|z, output, output.x|y|z, n, local, or "
                            "{\"const\": TYPE, \"value\": V}");
        }
        return a;
    }

    grid_rule grid(const ojson& v, const std::string& field) const {
        grid_rule g;
        if (!v.is_object()) {
            fail(field, "expected an object such as {\"elems_per_item\": 2, \"max_groups\": 64}");
        }
        for (const auto& [key, val] : v.items()) {
            if (key == "elems_per_item") {
                g.elems_per_item = count(val, field + ".elems_per_item");
                if (g.elems_per_item == 0) {
                    fail(field + ".elems_per_item", "must be at least 1");
                }
            } else if (key == "max_groups") {
                if (val.is_string()) {
                    static const std::regex per_cu(R"(^([0-9]+)\s*\*\s*cu$)");
                    std::smatch m;
                    std::string s = val.get<std::string>();
                    if (!std::regex_match(s, m, per_cu)) {
                        fail(field + ".max_groups", "expected a number or 'K*cu', got '" + s + "'");
                    }
                    g.max_groups_per_cu = std::stoull(m[1]);
                } else {
                    g.max_groups = count(val, field + ".max_groups");
                }
            } else {
                fail(field + "." + key, "unknown field (known: elems_per_item, max_groups)");
            }
        }
        return g;
    }

    local_size_rule local_rule(const ojson& v, const std::string& field) const {
        local_size_rule r;
        if (!v.is_object()) {
            fail(field, "expected an object such as {\"pow2\": true, \"max\": 1024}");
        }
        for (const auto& [key, val] : v.items()) {
            if (key == "pow2") {
                r.pow2_only = flag(val, field + ".pow2");
            } else if (key == "min") {
                r.min = count(val, field + ".min");
            } else if (key == "max") {
                r.max = count(val, field + ".max");
            } else if (key == "fixed") {
                r.fixed = count(val, field + ".fixed");
            } else {
                fail(field + "." + key, "unknown field (known: pow2, min, max, fixed)");
            }
        }
        return r;
    }

    template <typename T, typename Parse>
    std::vector<T> list(const ojson& v, const std::string& field, Parse parse) const {
        if (!v.is_array() || v.empty()) {
            fail(field, "expected a non-empty array");
        }
        std::vector<T> out;
        for (size_t i = 0; i < v.size(); ++i) {
            std::string f = field + "[" + std::to_string(i) + "]";
            try {
                out.push_back(parse(text(v[i], f)));
            } catch (const usage_error& e) {
                fail(f, e.what());
            }
        }
        return out;
    }
};

const char* known_fields[] = {"name",   "entry",      "description", "args",     "build_options",
                              "grid",   "local_size", "local_mem",   "types",    "layouts",
                              "finish", "safe",       "default",     "requires", "source"};

kernel_spec parse_one(const spec_reader& r, const ojson& k, const std::string& field,
                      const std::string& default_source) {
    if (!k.is_object()) {
        r.fail(field, "expected an object");
    }
    for (const auto& [key, val] : k.items()) {
        if (std::find(std::begin(known_fields), std::end(known_fields), key) ==
            std::end(known_fields)) {
            r.fail(field + "." + key, "unknown field");
        }
    }
    kernel_spec s;
    if (!k.contains("name")) {
        r.fail(field + ".name", "missing (every kernel needs a name)");
    }
    s.name = r.text(k["name"], field + ".name");
    s.entry = k.contains("entry") ? r.text(k["entry"], field + ".entry") : s.name;
    s.description =
        k.contains("description") ? r.text(k["description"], field + ".description") : "";
    s.source_path = k.contains("source") ? r.text(k["source"], field + ".source") : default_source;
    if (!k.contains("args") || !k["args"].is_array() || k["args"].empty()) {
        r.fail(field + ".args", "missing: list the argument roles in the kernel's own order");
    }
    for (size_t i = 0; i < k["args"].size(); ++i) {
        s.args.push_back(r.arg(k["args"][i], field + ".args[" + std::to_string(i) + "]"));
    }
    s.build_options =
        k.contains("build_options") ? r.text(k["build_options"], field + ".build_options") : "";
    if (k.contains("grid")) {
        s.grid = r.grid(k["grid"], field + ".grid");
    }
    if (k.contains("local_size")) {
        s.local = r.local_rule(k["local_size"], field + ".local_size");
    }
    if (k.contains("local_mem")) {
        const auto& lm = k["local_mem"];
        if (!lm.is_object() || !lm.contains("elems_per_item")) {
            r.fail(field + ".local_mem", "expected {\"elems_per_item\": N}");
        }
        s.local_elems_per_item = r.count(lm["elems_per_item"], field + ".local_mem.elems_per_item");
    }
    s.types = k.contains("types")
                  ? r.list<element_type>(k["types"], field + ".types", parse_element_type)
                  : std::vector<element_type>{element_type::float32};
    s.layouts = k.contains("layouts")
                    ? r.list<data_layout>(k["layouts"], field + ".layouts", parse_data_layout)
                    : std::vector<data_layout>{data_layout::flat};
    if (k.contains("finish")) {
        auto f = r.text(k["finish"], field + ".finish");
        if (f != "passes" && f != "host") {
            r.fail(field + ".finish", "expected \"passes\" or \"host\", got '" + f + "'");
        }
        s.finish_on_device = f == "passes";
    }
    s.safe = k.contains("safe") ? r.flag(k["safe"], field + ".safe") : true;
    s.in_default_sweep = k.contains("default") ? r.flag(k["default"], field + ".default") : s.safe;
    if (k.contains("requires")) {
        s.requires_extensions = r.list<std::string>(k["requires"], field + ".requires",
                                                    [](const std::string& x) { return x; });
    }
    bool has_input = false;
    bool has_output = false;
    for (const auto& a : s.args) {
        has_input |= a.what == kernel_arg::role::input;
        has_output |= a.what == kernel_arg::role::output;
    }
    if (!has_input || !has_output) {
        r.fail(field + ".args", "needs at least one input and one output argument");
    }
    if (s.local.fixed != 0 && !local_size_violation(s, s.local.fixed).empty()) {
        r.fail(field + ".local_size", "fixed size contradicts min/max/pow2");
    }
    s.raw = k;
    return s;
}

} // namespace

std::vector<kernel_spec>
parse_kernel_specs(const std::string& spec_text, const std::string& spec_path,
                   const std::function<std::string(const std::string&)>& read_source) {
    spec_reader r{spec_path};
    ojson doc;
    try {
        doc = ojson::parse(spec_text);
    } catch (const nlohmann::json::parse_error& e) {
        throw file_error(spec_path + ":" + line_column(spec_text, e.byte == 0 ? 0 : e.byte - 1) +
                         ": not valid JSON: " + e.what());
    }
    if (!doc.is_object()) {
        r.fail("(top level)", "expected an object with \"kernels\"");
    }
    if (doc.contains("spec_version") && doc["spec_version"] != 1) {
        r.fail("spec_version", "this tool reads spec_version 1");
    }
    std::string source = doc.contains("source") ? r.text(doc["source"], "source") : "";
    if (!doc.contains("kernels") || !doc["kernels"].is_array() || doc["kernels"].empty()) {
        r.fail("kernels", "missing or empty: list the kernels this spec describes");
    }
    const ojson defaults = doc.value("defaults", ojson::object());
    std::vector<kernel_spec> out;
    for (size_t i = 0; i < doc["kernels"].size(); ++i) {
        ojson k = defaults;
        for (const auto& [key, val] : doc["kernels"][i].items()) {
            k[key] = val;
        }
        auto field = "kernels[" + std::to_string(i) + "]";
        auto spec = parse_one(r, k, field, source);
        if (spec.source_path.empty()) {
            r.fail(field + ".source", "no .cl file named (set \"source\" at the top level)");
        }
        // One name may have one entry per layout (the vec3 kernels), never two for a layout.
        for (const auto& other : out) {
            for (auto l : spec.layouts) {
                if (other.name == spec.name && std::find(other.layouts.begin(), other.layouts.end(),
                                                         l) != other.layouts.end()) {
                    r.fail(field + ".name",
                           "duplicate kernel name '" + spec.name + "' for layout " + to_string(l));
                }
            }
        }
        spec.spec_path = spec_path;
        spec.source_text = read_source(spec.source_path);
        out.push_back(std::move(spec));
    }
    return out;
}

bool n_is_pow2(std::uint64_t n, std::uint64_t items_per_group) {
    bool pow2 = n != 0 && (n & (n - 1)) == 0;
    return pow2 && items_per_group != 0 && n % items_per_group == 0;
}

std::string expand_build_options(const kernel_spec& k, element_type t, std::uint64_t local_size,
                                 std::uint64_t n) {
    std::string out;
    const std::string& s = k.build_options;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '{') {
            out += s[i];
            continue;
        }
        auto close = s.find('}', i);
        if (close == std::string::npos) {
            throw file_error(k.spec_path + ": " + k.name + ".build_options: unclosed '{'");
        }
        auto name = s.substr(i + 1, close - i - 1);
        if (name == "type") {
            out += to_string(t);
        } else if (name == "local_size") {
            out += std::to_string(local_size);
        } else if (name == "n_is_pow2") {
            out += n_is_pow2(n, local_size * k.grid.elems_per_item) ? "1" : "0";
        } else if (name == "elems_per_item") {
            out += std::to_string(k.grid.elems_per_item);
        } else {
            throw file_error(k.spec_path + ": " + k.name + ".build_options: unknown placeholder {" +
                             name + "} (known: {type}, {local_size}, {n_is_pow2}, " +
                             "{elems_per_item})");
        }
        i = close;
    }
    return out;
}

std::string local_size_violation(const kernel_spec& k, std::uint64_t local_size) {
    const auto& r = k.local;
    if (local_size == 0) {
        return "local size 0 is not a size";
    }
    if (r.fixed != 0 && local_size != r.fixed) {
        return "kernel runs only at local size " + std::to_string(r.fixed);
    }
    if (r.pow2_only && (local_size & (local_size - 1)) != 0) {
        return "kernel needs a power-of-two local size";
    }
    if (local_size < r.min) {
        return "kernel needs local size >= " + std::to_string(r.min);
    }
    if (r.max != 0 && local_size > r.max) {
        return "kernel allows local size <= " + std::to_string(r.max);
    }
    return "";
}

} // namespace grp
