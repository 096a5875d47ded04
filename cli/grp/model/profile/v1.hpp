// Reading schema 1.x profiles (gpu-reduce-prof 0.1): the document is reshaped into schema 2
// before parsing, so every command reads old files through the same path. A 1.x case measured
// one burst of launches: it becomes one round of one run, timed as the sum of its passes
// ("kernel"). One round cannot show round-to-round variation, so `compare` reports its timing
// as inconclusive rather than pretending launches were independent samples.
#pragma once

#include "grp/model/profile/profile.hpp"

namespace grp {

/// Upgrades a schema 1.x document to the schema 2 shape in place (one round per case, timing
/// "kernel", tolerance semantics as 1.x wrote them).
void upgrade_v1_document(nlohmann::ordered_json& j);

} // namespace grp
