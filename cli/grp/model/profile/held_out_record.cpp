#include "grp/model/profile/held_out_record.hpp"

#include <cmath>

namespace grp {

namespace {

using ojson = nlohmann::ordered_json;

ojson numbers(const std::vector<double>& v) {
    ojson out = ojson::array();
    for (double x : v) {
        out.push_back(std::isfinite(x) ? ojson(x) : ojson(nullptr));
    }
    return out;
}

std::vector<double> numbers_from(const ojson& j, const char* key) {
    std::vector<double> out;
    if (auto it = j.find(key); it != j.end() && it->is_array()) {
        for (const auto& x : *it) {
            out.push_back(x.is_number() ? x.get<double>() : std::nan(""));
        }
    }
    return out;
}

} // namespace

void to_json(ojson& j, const held_out_record& r) {
    j = ojson{{"n", r.n},
              {"ok", r.ok},
              {"expected", numbers(r.expected)},
              {"got", numbers(r.got)},
              {"note", r.note.empty() ? ojson(nullptr) : ojson(r.note)}};
}

void from_json(const ojson& j, held_out_record& r) {
    r.n = j.value("n", std::uint64_t{0});
    r.ok = j.value("ok", true);
    r.expected = numbers_from(j, "expected");
    r.got = numbers_from(j, "got");
    if (auto it = j.find("note"); it != j.end() && it->is_string()) {
        r.note = it->get<std::string>();
    }
}

} // namespace grp
