#include "grp/model/spec/build_options.hpp"

#include "grp/core/error.hpp"

namespace grp {

bool n_is_pow2(std::uint64_t n, std::uint64_t items_per_group) {
    bool pow2 = n != 0 && (n & (n - 1)) == 0;
    return pow2 && items_per_group != 0 && n % items_per_group == 0;
}

std::string expand_build_options(const kernel_spec& k, element_type t, std::uint64_t local_size,
                                 std::uint64_t n, const std::string& op) {
    std::string out;
    const std::string& s = k.build_options;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '{') {
            out += s[i];
            continue;
        }
        auto close = s.find('}', i);
        if (close == std::string::npos) {
            throw file_error("unclosed '{' in \"" + s + "\"");
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
        } else if (name == "op") {
            out += op;
        } else if (k.config.count(name) != 0) {
            out += std::to_string(k.config.at(name));
        } else {
            std::string params;
            for (const auto& p : k.tuning.params) {
                params += ", {" + p.name + "}";
            }
            throw file_error("unknown placeholder {" + name +
                             "} (known: {type}, {local_size}, {n_is_pow2}, {elems_per_item}, {op}" +
                             params + ")");
        }
        i = close;
    }
    return out;
}

} // namespace grp
