#include "grp/report/views/findings.hpp"

#include <map>
#include <tuple>

namespace grp {

std::string places_text(const sim_diagnostic& d) {
    std::string s;
    for (const auto& l : d.at) {
        s += (s.empty() ? "" : " and ") + l.file + ":" + std::to_string(l.line) + ":" +
             std::to_string(l.column);
    }
    return s;
}

std::string locals_text(const std::set<std::uint64_t>& locals) {
    std::string s;
    for (auto l : locals) {
        s += (s.empty() ? "" : ",") + std::to_string(l);
    }
    return s;
}

std::vector<finding_row> merged_findings(const profile& p) {
    using key = std::tuple<std::string, std::string, std::string, std::string>;
    std::map<key, finding_row> all;
    for (const auto& c : p.cases) {
        if (!c.check) {
            continue;
        }
        for (const auto& d : c.check->diagnostics) {
            auto& f = all[{c.key.kernel, d.kind, d.message, places_text(d)}];
            f.kernel = c.key.kernel;
            f.first = f.first != nullptr ? f.first : &d;
            f.local_sizes.insert(c.key.local_size);
            f.count += d.count;
        }
    }
    std::vector<finding_row> out;
    out.reserve(all.size());
    for (auto& [k, f] : all) {
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace grp
