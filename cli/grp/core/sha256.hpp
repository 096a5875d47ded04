// SHA-256 (FIPS 180-4) of kernel sources, so a profile records exactly which code was timed.
#pragma once

#include <string>
#include <string_view>

namespace grp {

/// Lower-case hex digest of `data`.
std::string sha256_hex(std::string_view data);

} // namespace grp
