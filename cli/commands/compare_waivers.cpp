#include "commands/compare_waivers.hpp"

#include "grp/core/error.hpp"
#include "grp/core/process/git.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/history/device_key.hpp"
#include "grp/model/history/timeline.hpp"

#include <algorithm>
#include <array>
#include <ctime>
#include <iostream>

namespace grp::cli {

std::string today_utc() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    std::array<char, 16> buf{};
    std::strftime(buf.data(), buf.size(), "%Y-%m-%d", &tm);
    return buf.data();
}

compare_waivers load_compare_waivers(const std::string& path) {
    return {path.empty() ? std::vector<waiver>{} : load_waivers(path), {}};
}

void waive(comparison& c, const profile* base, const profile& cand, compare_waivers& w) {
    if (w.list.empty()) {
        return;
    }
    const auto cand_commit = commit_of(cand);
    const auto base_commit = base ? commit_of(*base) : std::string();
    waiver_scope scope;
    scope.device_key = [&cand](const case_comparison& cc) {
        for (const auto& k : cand.cases) {
            if (k.key == cc.key && k.device >= 0 &&
                static_cast<std::size_t>(k.device) < cand.devices.size()) {
                return device_key_of(cand.devices[static_cast<std::size_t>(k.device)].info).text();
            }
        }
        return std::string();
    };
    scope.between = [&](const waiver& x) -> std::optional<bool> {
        const auto after = is_ancestor(".", x.commit, cand_commit);
        if (!after || !base) {
            return after;
        }
        const auto before = is_ancestor(".", x.commit, base_commit);
        return before ? std::optional<bool>(*after && !*before) : std::nullopt;
    };
    for (auto& e : waive_cases(c, w.list, today_utc(), scope)) {
        if (std::find(w.expired.begin(), w.expired.end(), e) == w.expired.end()) {
            w.expired.push_back(std::move(e));
        }
    }
}

int with_expired_waivers(int status, const compare_waivers& w) {
    for (const auto& e : w.expired) {
        std::cerr << "FAIL expired waiver: " << terminal_escape(e) << '\n';
    }
    const bool failing = status == static_cast<int>(exit_code::regression_or_wrong);
    return w.expired.empty() || failing ? status : static_cast<int>(exit_code::regression_or_wrong);
}

} // namespace grp::cli
