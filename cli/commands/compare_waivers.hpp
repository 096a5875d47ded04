// `compare --waivers FILE` (and `history --waivers`): the reviewed file of known steps
// (model/history/waivers.hpp) applied to compare's cases, with the commits read from the
// profiles and their order from git in the current folder; an expired waiver turns the exit
// status into 1 and says so on stderr, after the comparisons are printed.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/history/waivers.hpp"
#include "grp/model/profile/profile.hpp"

#include <string>
#include <vector>

namespace grp::cli {

/// Today in UTC, YYYY-MM-DD: what a waiver's `expires` is compared with.
std::string today_utc();

struct compare_waivers {
    std::vector<waiver> list;
    std::vector<std::string> expired; ///< gathered over every comparison, each once
};

/// Reads `path` (nothing when empty). Throws as load_waivers.
compare_waivers load_compare_waivers(const std::string& path);

/// Applies the waivers to `c`, made from `base` (nullptr: a history) and `cand`.
void waive(comparison& c, const profile* base, const profile& cand, compare_waivers& w);

/// `status`, or 1 when a waiver expired (each printed on stderr) and status would not fail.
int with_expired_waivers(int status, const compare_waivers& w);

} // namespace grp::cli
