// Shared by the libFuzzer harnesses: turn fuzzer bytes into profiles through the same loading
// path the commands use. A grp::error is the expected answer to bad input (a message and an
// exit code); any other exception escapes the harness and libFuzzer reports it as a crash,
// as do sanitizer findings, timeouts and out-of-memory.
#pragma once

#include "grp/core/error.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/profile/profile.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace grp::fuzz {

/// The bytes as text.
inline std::string text_of(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// The profile in `text`, or nullopt when the loader rejects it with a grp::error.
inline std::optional<profile> load(const std::string& text, const std::string& name) {
    try {
        return parse_profile(text, name);
    } catch (const error&) {
        return std::nullopt;
    }
}

/// Splits at the first NUL byte: two documents in one input (compare, several reports).
inline std::pair<std::string, std::string> split_at_nul(const std::string& text) {
    const auto nul = text.find('\0');
    if (nul == std::string::npos) {
        return {text, text};
    }
    return {text.substr(0, nul), text.substr(nul + 1)};
}

} // namespace grp::fuzz
