// Turns a byte offset into "line:column" for messages about JSON files (profiles, specs).
#pragma once

#include <cstddef>
#include <string>

namespace grp {

/// "LINE:COLUMN" (both 1-based) of byte `offset` in `text`.
std::string line_column(const std::string& text, std::size_t offset);

} // namespace grp
