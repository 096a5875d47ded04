// What a run's input values are drawn from (`run --data`), parsed and checked against the
// element types before any data is made.
#pragma once

#include "grp/core/element_type.hpp"

#include <cstdint>
#include <string>

namespace grp {

/// What the values are drawn from.
enum class value_kind {
    random,         ///< ints, floats, doubles in [-8, 8] without 0 (whole), uints in [1, 15]
    integer_valued, ///< floats that are small integers (1..8), so float sums stay exact
    iota,           ///< 0, 1, 2, ... (as the element type stores them: ints wrap)
    ones,           ///< every value 1
    constant,       ///< every value data_choice::constant
    file,           ///< raw values of the element type read from data_choice::path
    // The precision scenario's data sets (float and double; integer types ignore the kind):
    constant_1_1,    ///< every value 1.1 (as float: 1.10000002384185791015625)
    uniform_01,      ///< uniform in [0, 1) with 24 random bits, so exact in float
    mixed_magnitudes ///< +-10^e, e uniform in [-3, 6]: both signs over nine decades
};

/// The data a run uses: `run --data random|iota|ones|const:V|file:PATH`.
struct data_choice {
    value_kind kind = value_kind::random;
    double constant = 0; ///< value_kind::constant
    std::string path;    ///< value_kind::file
    /// "random (seed 1)", "iota", "ones", "const:2.5", "file:in.bin": recorded in profiles.
    [[nodiscard]] std::string describe(std::uint64_t seed) const;
};

/// Parses --data. Throws usage_error naming the accepted forms.
data_choice parse_data_choice(const std::string& text);

/// Checks a --data const:V against an element type the sweep runs: int and uint need a whole
/// number within the type's range (never wrapped), float and double a value within +-3.4e38
/// (parse_data_choice). Throws usage_error naming the value, the type and the allowed range.
void check_data_for_type(const data_choice& data, element_type t);

} // namespace grp
