// The kernel spec's tuning fields ("params", "constraints", an elems_per_item expression) and
// the expansion of a kernel into one instance per configuration.
#include "grp/core/error.hpp"
#include "grp/core/json_file.hpp"
#include "grp/model/kernel_spec.hpp"
#include "grp/model/spec_reader.hpp"

#include <algorithm>
#include <limits>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

// Parameter values become -D options and grid numbers: 32-bit is plenty and keeps products of
// a few of them far from 64-bit overflow.
constexpr std::int64_t max_param_magnitude = std::int64_t{1} << 31U;
constexpr std::uint64_t max_elems_per_item = std::uint64_t{1} << 32U;

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
}

std::vector<kernel_spec> instantiate_kernel(const kernel_spec& k) {
    std::vector<kernel_spec> out;
    for (auto& config : expand_configs(k.tuning)) {
        out.push_back(k);
        auto& s = out.back();
        if (!k.grid.elems_per_item_expr.empty()) {
            const auto x = expression::parse(k.grid.elems_per_item_expr).evaluate(config);
            if (x < 1 || static_cast<std::uint64_t>(x) > max_elems_per_item) {
                throw file_error(k.spec_path + ": " + k.name + ": elems_per_item is " +
                                 std::to_string(x) + " for " + describe_config(k.tuning, config));
            }
            s.grid.elems_per_item = static_cast<std::uint64_t>(x);
        }
        s.config = std::move(config);
    }
    return out;
}

} // namespace grp
