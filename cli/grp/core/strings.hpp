// Small string helpers every layer uses. Pure.
#pragma once

#include <string>
#include <vector>

namespace grp {

/// The items joined by `sep`: {"a", "b"} and ", " give "a, b"; no items give "".
std::string joined(const std::vector<std::string>& items, const std::string& sep);

/// The shortest %g text that reads back as v: "1e+38", not "9.9999999999999998e+37".
std::string shortest_text(double v);

} // namespace grp
