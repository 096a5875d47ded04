#include "grp/run/round_groups.hpp"

namespace grp::run {

std::vector<std::vector<prepared_case*>>
round_groups(const std::map<std::string, std::string>& families,
             const std::vector<prepared_case*>& cases) {
    std::vector<std::vector<prepared_case*>> out;
    std::map<std::string, std::size_t> index;
    for (auto* c : cases) {
        const auto family = families.find(c->result.key.kernel);
        if (family == families.end()) {
            out.push_back({c});
            continue;
        }
        case_key k = c->result.key;
        k.kernel = family->second;
        const auto [it, added] = index.emplace(k.to_string(), out.size());
        if (added) {
            out.emplace_back();
        }
        out[it->second].push_back(c);
    }
    return out;
}

} // namespace grp::run
