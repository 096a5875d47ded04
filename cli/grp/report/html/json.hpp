// JSON facts for people: scenario summaries whose keys other code decides.
#pragma once

#include "grp/report/html/elements.hpp"

namespace grp::html {

/// JSON facts whose keys other code decides (scenario summaries), for people: scalars and
/// nested objects as key/value rows with dotted keys, arrays of flat objects as tables (columns:
/// the union of their keys), arrays of deeper objects as one block each.
std::string json_summary(const nlohmann::ordered_json& j);

} // namespace grp::html
