#include "grp/model/profile/shard_record.hpp"

namespace grp {

using ojson = nlohmann::ordered_json;

ojson shard_json(const std::optional<shard_record>& s) {
    if (!s) {
        return nullptr;
    }
    return ojson{{"index", s->index},
                 {"count", s->count},
                 {"source", s->source},
                 {"plan_sha256", s->plan_sha256},
                 {"planned_cases", s->planned_cases},
                 {"cases", s->cases},
                 {"anchors", s->anchors}};
}

std::optional<shard_record> shard_from(const ojson& run) {
    const auto it = run.find("shard");
    if (it == run.end() || it->is_null()) {
        return std::nullopt;
    }
    shard_record s;
    s.index = it->at("index").get<std::uint64_t>();
    s.count = it->at("count").get<std::uint64_t>();
    s.source = it->value("source", "");
    s.plan_sha256 = it->at("plan_sha256").get<std::string>();
    s.planned_cases = it->value("planned_cases", std::uint64_t{0});
    s.cases = it->value("cases", std::uint64_t{0});
    s.anchors = it->value("anchors", std::vector<std::string>{});
    return s;
}

} // namespace grp
