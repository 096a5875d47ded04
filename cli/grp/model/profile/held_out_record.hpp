// What the held-out size check found for a case (schema 2.16, issue #64): the case's kernel run
// once more, untimed, at a size the sweep did not ask for (odd, so neither a multiple of 4 nor
// of the local size, below the case's n, drawn from the invocation's order seed), on exact data
// (1s and 2s). A kernel right only at the swept sizes (a float4 loop without a tail) is `wrong`
// there, with the size in its reason.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace grp {

struct held_out_record {
    std::uint64_t n = 0;          ///< the held-out size (elements or records)
    bool ok = true;               ///< the result equalled the exact sum
    std::vector<double> expected; ///< per component
    std::vector<double> got;      ///< per component (NaN: not finite)
    std::string note;             ///< why no size was held out, or a launch error; "" otherwise
};

void to_json(nlohmann::ordered_json& j, const held_out_record& r);
/// Reads what to_json wrote; missing fields keep their defaults.
void from_json(const nlohmann::ordered_json& j, held_out_record& r);

} // namespace grp
