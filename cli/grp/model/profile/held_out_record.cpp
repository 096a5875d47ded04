#include "grp/model/profile/held_out_record.hpp"

#include "grp/model/profile/json_fields.hpp"

namespace grp {

namespace {

using ojson = nlohmann::ordered_json;

using profile_fields::number_list;
using profile_fields::number_list_from;

} // namespace

void to_json(ojson& j, const held_out_record& r) {
    j = ojson{{"n", r.n},
              {"ok", r.ok},
              {"expected", number_list(r.expected)},
              {"got", number_list(r.got)},
              {"note", r.note.empty() ? ojson(nullptr) : ojson(r.note)}};
}

void from_json(const ojson& j, held_out_record& r) {
    r.n = j.value("n", std::uint64_t{0});
    r.ok = j.value("ok", true);
    r.expected = number_list_from(j, "expected");
    r.got = number_list_from(j, "got");
    if (auto it = j.find("note"); it != j.end() && it->is_string()) {
        r.note = it->get<std::string>();
    }
}

} // namespace grp
