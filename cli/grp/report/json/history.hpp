// `history --json`: the whole judgement as one document (history_json_version; the fields are
// in docs/history.md): the places in order, every series with its points and events, the
// findings, the census and the files skipped. Times are in ns; `ln_time` and `se` are on the
// natural-log scale the detectors work on.
#pragma once

#include "grp/model/history/findings.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace grp {

inline constexpr const char* history_json_version = "1.1.0";

nlohmann::ordered_json history_json(const history_result& r, const history_options& opt,
                                    const std::vector<skipped_source>& skipped);

} // namespace grp
