#include "grp/model/profile/shard_record.hpp"

#include "grp/model/plan/shard.hpp"
#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <map>
#include <set>

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
                 {"anchors", s->anchors},
                 {"variables", s->variables}}; // 2.18
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
    s.variables = it->value("variables", std::map<std::string, std::string>{}); // 2.18
    return s;
}

} // namespace grp

namespace grp {

namespace {

std::string shard_pointer(std::size_t run, const char* field) {
    return "/runs/" + std::to_string(run) + "/shard/" + field;
}

// One record against itself and against the first shard run's: an index within its count, as
// many cases as the plan at most, and the first's split of the first's plan.
void add_record_problems(const shard_record& s, std::size_t i, const shard_record& first,
                         std::size_t first_run, std::vector<std::string>& out) {
    if (s.index > s.count) {
        out.push_back(shard_pointer(i, "index") + ": shard " + std::to_string(s.index) + " of " +
                      std::to_string(s.count) +
                      " does not exist (a shard index runs from 1 to the count)");
    }
    if (s.count > max_shards) { // merge counts the shards one by one
        out.push_back(shard_pointer(i, "count") + ": " + std::to_string(s.count) +
                      " shards, more than run --shard makes (" + std::to_string(max_shards) + ")");
    }
    if (s.cases > s.planned_cases) {
        out.push_back(shard_pointer(i, "cases") + ": " + std::to_string(s.cases) +
                      " cases in a shard of a plan of " + std::to_string(s.planned_cases) +
                      " (planned_cases): a shard times a share of the plan");
    }
    const std::string against = " runs/" + std::to_string(first_run) + "'s shard";
    if (s.count != first.count) {
        out.push_back(shard_pointer(i, "count") + ": " + std::to_string(s.count) + " shards, but" +
                      against + " says " + std::to_string(first.count) +
                      ": the shards of one profile split one plan the same way");
    }
    if (s.plan_sha256 != first.plan_sha256) {
        out.push_back(shard_pointer(i, "plan_sha256") + ": " + s.plan_sha256.substr(0, 12) +
                      "..., but" + against + " is of plan " + first.plan_sha256.substr(0, 12) +
                      "...: the shards of one profile are of one plan");
    }
}

// A complete profile holds every case its shards' records count. Its own cases (not anchors)
// are at least the records' sum less each shard's anchor cases, which are at most the anchor
// cases the profile holds (one per card): exact for one shard, or for shards of one card.
void add_held_cases_problem(const profile& p,
                            const std::map<std::uint64_t, const shard_record*>& shards,
                            std::size_t first_run, std::vector<std::string>& out) {
    const auto& anchors = shards.begin()->second->anchors;
    const std::set<std::string> anchor_keys(anchors.begin(), anchors.end());
    std::uint64_t anchor_cases = 0;
    for (const auto& c : p.cases) {
        anchor_cases += anchor_keys.count(c.key.to_string());
    }
    const std::uint64_t own = p.cases.size() - anchor_cases;
    std::uint64_t counted = 0;
    for (const auto& [index, s] : shards) {
        counted = s->cases > UINT64_MAX - counted ? UINT64_MAX : counted + s->cases;
    }
    const std::uint64_t overlap = anchor_cases * shards.size(); // both at most a file's cases
    const std::uint64_t bound = counted > overlap ? counted - overlap : 0;
    if (p.complete && own < bound) {
        const std::uint64_t expected = bound + anchor_cases;
        out.push_back(shard_pointer(first_run, "cases") + ": the shard record" +
                      (shards.size() == 1 ? " counts " : "s count ") + std::to_string(expected) +
                      (shards.size() == 1 ? "" : " or more") + " cases, but the profile holds " +
                      std::to_string(p.cases.size()) +
                      " and says it is complete: cases were removed, or the record is not this "
                      "profile's; run the shard again (run --shard K/N)");
    }
}

} // namespace

std::vector<std::string> shard_problems(const profile& p) {
    std::vector<std::string> out;
    std::map<std::uint64_t, const shard_record*> shards; // the first run of each index
    std::size_t first_run = 0;
    for (std::size_t i = 0; i < p.runs.size(); ++i) {
        const auto& s = p.runs[i].shard;
        if (!s) {
            continue;
        }
        if (shards.empty()) {
            first_run = i;
        }
        add_record_problems(*s, i, *p.runs[first_run].shard, first_run, out);
        shards.try_emplace(s->index, &*s);
    }
    if (!shards.empty() && out.empty()) {
        add_held_cases_problem(p, shards, first_run, out);
    }
    return out;
}

} // namespace grp
