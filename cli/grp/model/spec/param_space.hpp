// A kernel's tuning space: named parameters with value lists, constraints between them, and
// the configurations (one value per parameter) that satisfy every constraint. A spec declares
// it ("params", "constraints"); the run expands each kernel into one instance per
// configuration, and the configuration becomes part of the case key.
#pragma once

#include "grp/model/spec/expr.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

struct tuning_param {
    std::string name;                 ///< a C identifier, used as {NAME} in build options
    std::vector<std::int64_t> values; ///< in the spec's order, no repeats
};

struct param_space {
    std::vector<tuning_param> params;    ///< in the spec's order
    std::vector<expression> constraints; ///< each must be non-zero for a configuration
    [[nodiscard]] bool empty() const { return params.empty(); }
};

/// Most configurations (before constraints) one kernel may declare: the product of the value
/// lists' lengths. Larger spaces are refused when the spec is read, not enumerated.
inline constexpr std::uint64_t max_raw_configs = 4096;
/// Most constraints one kernel may declare.
inline constexpr std::size_t max_constraints = 16;
/// The largest magnitude of a parameter value, in a spec or from --param: 2^31. Values become
/// -D options and grid numbers: 32-bit is plenty and keeps products of a few of them far from
/// 64-bit overflow.
inline constexpr std::int64_t max_param_magnitude = std::int64_t{1} << 31U;

/// Every configuration that satisfies the constraints, the first parameter varying slowest.
/// An empty space gives one empty configuration. Throws expr_error (the constraint's text
/// prefixed) when a constraint cannot be evaluated for some configuration.
std::vector<param_values> expand_configs(const param_space& space);

/// "VEC=4 ACC=2" (declaration order); "" for no parameters.
std::string describe_config(const param_space& space, const param_values& config);

/// Whether `name` may be a parameter: a C identifier that is not one of the built-in
/// placeholders (type, local_size, n_is_pow2, elems_per_item, op).
bool valid_param_name(const std::string& name);

} // namespace grp
