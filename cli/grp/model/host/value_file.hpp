// The values of `run --data file:PATH`: raw native-endian values of the element type, read per
// case (n x components of them) and checked before any kernel sees them, so that data no sum can
// be verified on is refused as a bad file, not reported as a wrong kernel.
#pragma once

#include "grp/core/element_type.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

/// Reads `count` (n x comps, record-major) raw values of type t from `path`. Float data must be
/// finite, and per component (index % comps) the sum of magnitudes must stay within the type's
/// range, so that no order of summation overflows. Throws usage_error when the file is not a
/// readable regular file or is short, file_error (exit 5) naming the file, the value's index,
/// byte offset and value when a value breaks the rule.
std::vector<double> read_value_file(const std::string& path, element_type t, std::uint64_t count,
                                    std::size_t comps);

} // namespace grp
