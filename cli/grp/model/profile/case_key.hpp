// What identifies a case across runs and machines (kernel, type, layout, n, local size,
// operator, tuning parameters, cache state), its stable text form that matches cases between
// profiles, and its JSON. Device and driver are context, not key. case.hpp holds the case
// around it.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace grp {

/// What identifies a case across runs and machines. Device and driver are context, not key.
struct case_key {
    std::string kernel;          ///< e.g. "reduce3", "layout_tree", "wg-probe/sin_div"
    std::string type;            ///< "int", "uint", "float", "double"
    std::string layout = "flat"; ///< "flat" for scalar arrays; "aos12", "aos16", "soa"
    std::uint64_t n = 0;         ///< elements (records for layouts; work-items for wg-probe)
    std::uint64_t local_size = 0;
    std::string op = "sum"; ///< the reduction operator
    /// Tuning parameters, name -> value as written in the spec (numbers as their decimal text).
    std::map<std::string, std::string> params;
    /// 2.6: the cache state each timed launch chain starts from: "cold" (the last-level cache
    /// flushed before it, untimed) or "warm" (whatever the warm-up and earlier launches left;
    /// every profile before 2.6).
    std::string cache = "warm";

    /// "reduce3/float/flat/n=1048576/local=256", then "/op=max" unless the operator is sum,
    /// "/NAME=VALUE" per parameter in name order and "/cache=cold" unless the cache is warm:
    /// stable, used to match cases.
    [[nodiscard]] std::string to_string() const;
    bool operator==(const case_key& o) const;
    bool operator!=(const case_key& o) const { return !(*this == o); }
    bool operator<(const case_key& o) const;
};

/// A key with the default operator (sum) and no parameters.
case_key make_case_key(std::string kernel, std::string type, std::string layout, std::uint64_t n,
                       std::uint64_t local_size);

void to_json(nlohmann::ordered_json& j, const case_key& k);
void from_json(const nlohmann::ordered_json& j, case_key& k);

/// The key's sweep point: to_string() without the kernel ("float/flat/n=1048576/local=64"),
/// which the kernels of a duet share (a sequential duet's later processes keep the points a look
/// left undecided, run --part-points).
std::string point_text(const case_key& k);

/// The key's tuning parameters as "NAME=V" joined by `sep` ("" when it has none).
std::string params_text(const case_key& k, const char* sep);

} // namespace grp
