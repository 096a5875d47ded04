// What the precision check found for a case (schema 2.16, issue #64): one untimed launch on
// data that an accumulator of the declared type sums exactly in any order and no narrower
// accumulator can (model/host/precision_data.hpp). The bound is exactness: a result off by
// anything is not `ok`, and the record keeps the error, its size against Σ|x| and the
// precision it corresponds to ("accumulates like a 24-bit type").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

struct precision_record {
    bool ok = true;
    std::string data;                  ///< the values, in words
    int value_bits = 0;                ///< significant bits of every nonzero value
    int type_bits = 0;                 ///< significand bits of the declared type (24, 53)
    std::vector<double> expected;      ///< the exact sum per component
    std::vector<double> got;           ///< the kernel's result per component (NaN: not finite)
    std::optional<double> abs_error;   ///< largest |got - expected|; null when not finite
    std::optional<double> rel_error;   ///< abs_error / Σ|x| of that component
    std::optional<int> effective_bits; ///< the accumulator precision the error corresponds to
};

void to_json(nlohmann::ordered_json& j, const precision_record& r);
/// Reads what to_json wrote; missing fields keep their defaults.
void from_json(const nlohmann::ordered_json& j, precision_record& r);

/// "the precision check: 41-bit values ... off by 3.1e-09 (2^-33.8 of Σ|x|): accumulates like
/// a 24-bit type, not double's 53", for a failed record `r` of type `type_name`.
std::string precision_failure(const precision_record& r, const std::string& type_name);

} // namespace grp
