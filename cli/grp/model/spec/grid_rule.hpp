// How many groups a kernel's pass launches: elements per work-item and a cap on groups (a
// grid-stride loop inside the kernel), per device class, each either a number or an expression
// of the kernel's tuning parameters that every configuration evaluates (resolve).
#pragma once

#include "grp/model/spec/expr.hpp"

#include <cstdint>
#include <map>
#include <string>

namespace grp {

/// Largest elems_per_item a spec may give or a tuning expression may yield.
constexpr std::uint64_t max_elems_per_item = std::uint64_t{1} << 32U;

/// A cap on groups: a number, or a multiple of the device's compute units ("4*cu"); either may
/// be an expression of tuning parameters ("{G}*cu", "G * 2"), evaluated per configuration.
struct group_cap {
    std::uint64_t groups = 0; ///< 0: no fixed cap
    std::uint64_t per_cu = 0; ///< 0: no per-compute-unit cap
    /// Set when the spec gives the count as an expression ("{G}" written as "G"); each
    /// instance (instantiate_kernel) evaluates it into `groups`, or `per_cu` when `of_cu`.
    std::string expr;
    bool of_cu = false;
    [[nodiscard]] bool capped() const { return groups != 0 || per_cu != 0 || !expr.empty(); }
};

/// Most groups, or groups per compute unit, a cap may give.
constexpr std::uint64_t max_group_cap = 999999999;

/// How many groups a pass launches.
struct grid_rule {
    std::uint64_t elems_per_item = 1; ///< elements (records) one work-item reduces per pass
    /// Set when the spec gives elems_per_item as an expression of tuning parameters ("VEC *
    /// UNROLL"); each instance (instantiate_kernel) evaluates it into elems_per_item.
    std::string elems_per_item_expr;
    /// Cap on groups (grid-stride loop inside the kernel); uncapped when not set. The same cap
    /// for every device unless `by_class` names the device's class ("cpu", "gpu",
    /// "accelerator"): CPUs want about one group per core, GPUs several per compute unit.
    group_cap cap;
    std::map<std::string, group_cap> by_class;
    /// The cap for a device of this class ("cpu", "gpu", ...).
    [[nodiscard]] group_cap cap_for(const std::string& device_class) const;
    /// Evaluates the expressions (elems_per_item, caps) for one configuration. Throws
    /// expr_error, or std::out_of_range naming the field when a value is out of its range.
    void resolve(const param_values& config);
};

} // namespace grp
