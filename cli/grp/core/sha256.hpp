// SHA-256 (FIPS 180-4) of kernel sources, so a profile records exactly which code was timed.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace grp {

/// The 32-byte digest of `data`.
std::array<std::uint8_t, 32> sha256_digest(std::string_view data);

/// Lower-case hex digest of `data`.
std::string sha256_hex(std::string_view data);

} // namespace grp
