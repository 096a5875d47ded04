#include "grp/model/profile/precision_record.hpp"

#include "grp/core/strings.hpp"
#include "grp/core/units.hpp"
#include "grp/model/profile/json_fields.hpp"

#include <cmath>

namespace grp {

namespace {

using ojson = nlohmann::ordered_json;

using profile_fields::number_list;
using profile_fields::number_list_from;

template <typename T> std::optional<T> optional_from(const ojson& j, const char* key) {
    if (auto it = j.find(key); it != j.end() && it->is_number()) {
        return it->get<T>();
    }
    return std::nullopt;
}

template <typename T> ojson optional_json(const std::optional<T>& v) {
    return v ? ojson(*v) : ojson(nullptr);
}

} // namespace

void to_json(ojson& j, const precision_record& r) {
    j = ojson{{"ok", r.ok},
              {"data", r.data},
              {"value_bits", r.value_bits},
              {"type_bits", r.type_bits},
              {"expected", number_list(r.expected)},
              {"got", number_list(r.got)},
              {"abs_error", optional_json(r.abs_error)},
              {"rel_error", optional_json(r.rel_error)},
              {"effective_bits", optional_json(r.effective_bits)}};
}

void from_json(const ojson& j, precision_record& r) {
    r.ok = j.value("ok", true);
    r.data = j.value("data", "");
    r.value_bits = j.value("value_bits", 0);
    r.type_bits = j.value("type_bits", 0);
    r.expected = number_list_from(j, "expected");
    r.got = number_list_from(j, "got");
    r.abs_error = optional_from<double>(j, "abs_error");
    r.rel_error = optional_from<double>(j, "rel_error");
    r.effective_bits = optional_from<int>(j, "effective_bits");
}

std::string precision_failure(const precision_record& r, const std::string& type_name) {
    std::string out = "the precision check: " + std::to_string(r.value_bits) + "-bit values that " +
                      type_name + " sums exactly in any order";
    if (!r.abs_error) {
        return out + " gave a result that is not finite";
    }
    out += " came out off by " + shortest_text(*r.abs_error);
    if (r.rel_error && *r.rel_error > 0) {
        out += " (2^" + format_fixed(std::log2(*r.rel_error), 1) + " of the sum of magnitudes)";
    }
    if (r.effective_bits) {
        out += ": it accumulates like a " + std::to_string(*r.effective_bits) + "-bit type, not " +
               type_name + "'s " + std::to_string(r.type_bits) +
               " (a narrower accumulator or intermediate)";
    }
    return out;
}

} // namespace grp
