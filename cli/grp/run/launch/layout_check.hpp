// Before any layout is timed, the device compiler must agree with the host on the record
// sizes: aos12 is 12 bytes (packed), aos16 is 16 bytes aligned to 16. A mismatch would time a
// different layout than the one named, so it fails loudly (verification_error, exit 6).
#pragma once

#include "grp/ocl/session.hpp"

#include <nlohmann/json.hpp>

namespace grp::run {

/// Host-side records, as the host writes them.
struct host_rec12 {
    float x, y, z;
};
struct alignas(16) host_rec16 {
    float x, y, z;
};
static_assert(sizeof(host_rec12) == 12 && alignof(host_rec12) == 4, "aos12 is 12 packed bytes");
static_assert(sizeof(host_rec16) == 16 && alignof(host_rec16) == 16, "aos16 is 16 aligned bytes");

/// Runs kernels/layout.cl's layout_sizes on the device and compares with the host structs.
/// Returns what both sides reported; throws verification_error on any disagreement.
nlohmann::ordered_json check_layout_sizes(ocl::session& s);

} // namespace grp::run
