// JSON of comparisons, for scripts: every field of every case, null where a number is unknown
// (never NaN), with the tool, the base and whether the gate failed.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace grp {

/// {"tool", "base", "failed", "failures", "comparisons": [...]}: every field of every case,
/// null where a number is unknown (never NaN).
nlohmann::ordered_json comparisons_to_json(const std::vector<comparison>& all);

} // namespace grp
