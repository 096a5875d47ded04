// Small string helpers every layer uses. Pure.
#pragma once

#include <string>
#include <vector>

namespace grp {

/// The items joined by `sep`: {"a", "b"} and ", " give "a, b"; no items give "".
std::string joined(const std::vector<std::string>& items, const std::string& sep);

} // namespace grp
