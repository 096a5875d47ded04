// Reading the fields of a kernel spec with the file and field path in every message:
// "my.json: kernels[2].grid.elems_per_item: must be at least 1". Internal to kernel_spec.cpp.
#pragma once

#include "grp/core/error.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace grp {

/// Largest local size a spec may name (min, max, fixed).
inline constexpr std::uint64_t max_local_size = std::uint64_t{1} << 20U;

struct spec_reader {
    std::string file;

    [[noreturn]] void fail(const std::string& field, const std::string& why) const;
    [[nodiscard]] std::uint64_t count(const nlohmann::ordered_json& v,
                                      const std::string& field) const;
    [[nodiscard]] std::string text(const nlohmann::ordered_json& v, const std::string& field) const;
    /// A kernel name: a string that core/text_safe's name_problem accepts (printable, no
    /// control characters), else fail() naming the field, the name escaped and the reason.
    [[nodiscard]] std::string name(const nlohmann::ordered_json& v, const std::string& field) const;
    [[nodiscard]] bool flag(const nlohmann::ordered_json& v, const std::string& field) const;
    /// A constant argument's value, checked against its OpenCL type ("int", "uint", "float").
    [[nodiscard]] double constant(const nlohmann::ordered_json& v, const std::string& type,
                                  const std::string& field) const;
    [[nodiscard]] kernel_arg arg(const nlohmann::ordered_json& v, const std::string& field) const;
    [[nodiscard]] group_cap cap(const nlohmann::ordered_json& v, const std::string& field) const;
    [[nodiscard]] grid_rule grid(const nlohmann::ordered_json& v, const std::string& field) const;
    [[nodiscard]] local_size_rule local_rule(const nlohmann::ordered_json& v,
                                             const std::string& field) const;
    /// The sizes a kernel takes, `{"multiple_of": K}` with K in 1..2^20: K.
    [[nodiscard]] std::uint64_t n_rule(const nlohmann::ordered_json& v,
                                       const std::string& field) const;
    /// The "params" and "constraints" of a kernel entry, into s.tuning (spec_reader.cpp);
    /// also checks an elems_per_item expression and that some configuration satisfies all.
    void tuning(const nlohmann::ordered_json& k, const std::string& field, kernel_spec& s) const;
    /// A non-empty array of strings, each passed through `parse` (usage_error -> fail).
    template <typename T, typename Parse>
    std::vector<T> list(const nlohmann::ordered_json& v, const std::string& field,
                        Parse parse) const {
        if (!v.is_array() || v.empty()) {
            fail(field, "expected a non-empty array");
        }
        std::vector<T> out;
        for (std::size_t i = 0; i < v.size(); ++i) {
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

} // namespace grp
