// The host's record in a profile (`host`): what machine ran the sweep, its load at the start and
// the end, its CPU clocks and governor, and when the run began and ended; the JSON of
// core/machine/host_probe's host_info.
#pragma once

#include "grp/core/machine/host_probe.hpp"

#include <nlohmann/json.hpp>

namespace grp {

void to_json(nlohmann::ordered_json& j, const host_info& h);
void from_json(const nlohmann::ordered_json& j, host_info& h);

} // namespace grp
