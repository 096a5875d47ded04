// The one path by which every command reads a file it did not write itself: profiles (compare,
// report, validate), kernel specs and kernel sources (run). A file must be a regular file (a
// FIFO would block, /dev/zero never ends) of bounded size; JSON must nest no deeper than a limit,
// checked on the text before a DOM is built (deep nesting would overflow the stack in the
// recursive copies, dumps and renderers that follow); every nlohmann exception (syntax, a number
// beyond double range, invalid UTF-8) becomes a file_error "PATH:LINE:COL: ..." (exit 5).
// Values are then read through checked conversions that reject what a cast would wrap or cut.
#pragma once

#include "grp/core/error.hpp"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace grp {

/// Bounds on one JSON document.
struct json_limits {
    std::size_t max_bytes = std::size_t{256} << 20U; ///< file size
    std::size_t max_depth = 128;                     ///< nested arrays and objects
};

/// Profiles: hundreds of MB for a long sweep's raw samples, nesting bounded by the schema plus
/// the free-form spec, extra and scenario objects.
inline constexpr json_limits profile_json_limits{std::size_t{256} << 20U, 128};
/// Kernel specs are hand-written and small; their entries are copied into profiles (three
/// levels down), so their depth limit stays well below the profile's.
inline constexpr json_limits spec_json_limits{std::size_t{16} << 20U, 64};
/// Largest OpenCL C source file read for a kernel.
inline constexpr std::size_t max_source_bytes = std::size_t{64} << 20U;

/// Reads a whole regular file. `what` names it in messages ("profile", "kernel spec").
/// Throws file_error (or error(if_missing) when the file does not exist) when it cannot be
/// opened, is a directory, a FIFO, a device or a socket, is larger than `max_bytes`, or a read
/// fails. Never blocks on a FIFO.
std::string read_regular_file(const std::string& path, const std::string& what,
                              std::size_t max_bytes, exit_code if_missing = exit_code::bad_file);

/// Parses `text` as one JSON document. Throws file_error "PATH:LINE:COL: ..." for a syntax
/// error, invalid UTF-8, a number outside double range, or nesting deeper than limits.max_depth;
/// "PATH: ..." when the text is larger than limits.max_bytes. Never throws anything else
/// (except std::bad_alloc).
nlohmann::ordered_json parse_json_text(const std::string& text, const std::string& path,
                                       const json_limits& limits);

/// Checked conversions: each throws file_error "WHERE: expected ..., got VALUE" instead of
/// wrapping a negative number, truncating a fraction or accepting a string.
/// A whole number >= 0 that fits in uint64 (2.0 is rejected: JSON integers have no point).
std::uint64_t json_to_u64(const nlohmann::ordered_json& v, const std::string& where);
/// A whole number within [lo, hi].
std::int64_t json_to_i64(const nlohmann::ordered_json& v, const std::string& where, std::int64_t lo,
                         std::int64_t hi);
/// A finite number.
double json_to_double(const nlohmann::ordered_json& v, const std::string& where);
/// A string.
std::string json_to_string(const nlohmann::ordered_json& v, const std::string& where);

/// A short, printable rendering of a value for messages (cut at about 40 characters).
std::string json_brief(const nlohmann::ordered_json& v);

/// A document the tool prints, as text (`indent` as nlohmann's dump). A string or key that is
/// not UTF-8 (a file name read from a folder: Linux names are bytes, JSON's are not) is written
/// with its odd bytes escaped ("p\\xff.json", as terminal_escape writes them), never a crash.
std::string json_output_text(const nlohmann::ordered_json& doc, int indent);

} // namespace grp
