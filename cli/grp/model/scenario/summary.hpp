// Where a scenario's per-device summary goes in profile::scenarios[name]: every device's
// summary is appended to "devices" (with its "device" index), and while the profile holds one
// device the same keys also sit at the top level (e.g. scenarios["wg-probe"]["knee"]), where
// single-device readers look. A second device removes the top-level copies, so a reader never
// takes one device's knee for another's; device-independent keys (a rule, an explanation) stay.
#pragma once

#include <nlohmann/json.hpp>

namespace grp {

/// Appends `summary` (an object) for `device` to `scenario` (an object, created if null) as
/// described above.
void add_device_summary(nlohmann::ordered_json& scenario, int device,
                        const nlohmann::ordered_json& summary);

} // namespace grp
