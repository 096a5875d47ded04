// SHA-256 (FIPS 180-4) of kernel sources, so a profile records exactly which code was timed, and
// of all of a run's inputs, so every process of `run --runs` checks it measures the same ones.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace grp {

/// SHA-256 over data given in pieces (a data file read in chunks, never whole in memory).
class sha256_stream {
public:
    sha256_stream();
    /// Adds `data` to the message.
    void update(std::string_view data);
    /// The digest of everything added; call once, last.
    std::array<std::uint8_t, 32> digest();
    /// Lower-case hex of digest().
    std::string hex();

private:
    std::array<std::uint32_t, 8> m_h;
    std::array<unsigned char, 64> m_block{};
    std::size_t m_used = 0;
    std::uint64_t m_bytes = 0;
};

/// The 32-byte digest of `data`.
std::array<std::uint8_t, 32> sha256_digest(std::string_view data);

/// Lower-case hex digest of `data`.
std::string sha256_hex(std::string_view data);

} // namespace grp
