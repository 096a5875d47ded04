// CLI11 validators shared by the commands, for what CLI's own conversions and CLI::Range get
// wrong: an unsigned option converts "-3" to 2^64-3, "010" to 8 (octal) and 10^20 to 2^64-1
// without a word; CLI::Range lets NaN through (every comparison with NaN is false); an empty
// value (an unset CI variable, `--fail-on "$FAIL_ON"`) is a value. Each message names the
// expected form. Use ->transform(count_range(...)) on every integer option (a transform, since
// it rewrites the value CLI11 converts) and ->check(finite_range(...)) on every real one.
#pragma once

#include "grp/core/error.hpp"
#include "grp/core/units.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <string>

namespace grp::cli {

/// A count within [lo, hi], written as parse_count reads it (1000, 64k, 1Mi, 2^20); the value
/// is handed on to CLI11 as plain decimal, so signs, octal and overflow never reach it.
/// `hint` is added to the message when the value is out of range.
inline CLI::Validator count_range(std::uint64_t lo, std::uint64_t hi,
                                  const std::string& hint = "") {
    const std::string range =
        "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
    return CLI::Validator(
        [lo, hi, range, hint](std::string& text) -> std::string {
            std::uint64_t v = 0;
            try {
                v = parse_count(text, "'" + text + "'");
            } catch (const usage_error&) {
                return "expected " + range + ", got '" + text + "'";
            }
            if (v < lo || v > hi) {
                return "expected " + range + ", got " + text + (hint.empty() ? "" : "; " + hint);
            }
            text = std::to_string(v);
            return "";
        },
        // No description: CLI11 would append it to --help's type ("UINT:UINT in [0 -
        // 18446744073709551615]"); the message names the range when a value is outside it.
        "");
}

/// A finite number within [lo, hi]; rejects nan, inf and text.
inline CLI::Validator finite_range(double lo, double hi) {
    const std::string range =
        "a number from " + CLI::detail::to_string(lo) + " to " + CLI::detail::to_string(hi);
    return CLI::Validator(
        [lo, hi, range](std::string& text) -> std::string {
            double v = 0;
            if (!CLI::detail::lexical_cast(text, v) || !std::isfinite(v) || v < lo || v > hi) {
                return "expected " + range + ", got '" + text + "'";
            }
            return "";
        },
        ""); // as count_range: the range is in the message, not in --help's type
}

/// A non-empty value: an empty one usually means an unset variable in a script.
inline CLI::Validator non_empty(const std::string& what) {
    return CLI::Validator(
        [what](std::string& text) -> std::string {
            return text.empty() ? "is empty; give " + what + " (an unset variable in a script?)"
                                : "";
        },
        "");
}

} // namespace grp::cli
