#include "grp/model/spec/grid_rule.hpp"

#include <stdexcept>

namespace grp {

group_cap grid_rule::cap_for(const std::string& device_class) const {
    auto it = by_class.find(device_class);
    return it == by_class.end() ? cap : it->second;
}

namespace {

std::uint64_t evaluate_in(const std::string& text, const param_values& config, std::uint64_t max,
                          const std::string& field) {
    const auto x = expression::parse(text).evaluate(config);
    if (x < 1 || static_cast<std::uint64_t>(x) > max) {
        throw std::out_of_range(field + " is " + std::to_string(x) + ", outside 1.." +
                                std::to_string(max));
    }
    return static_cast<std::uint64_t>(x);
}

void resolve_cap(group_cap& c, const param_values& config, const std::string& field) {
    if (!c.expr.empty()) {
        (c.of_cu ? c.per_cu : c.groups) = evaluate_in(c.expr, config, max_group_cap, field);
    }
}

} // namespace

void grid_rule::resolve(const param_values& config) {
    if (!elems_per_item_expr.empty()) {
        elems_per_item =
            evaluate_in(elems_per_item_expr, config, max_elems_per_item, "elems_per_item");
    }
    resolve_cap(cap, config, by_class.empty() ? "max_groups" : "max_groups.default");
    for (auto& [cls, c] : by_class) {
        resolve_cap(c, config, "max_groups." + cls);
    }
}

} // namespace grp
