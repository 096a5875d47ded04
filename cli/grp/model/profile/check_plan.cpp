#include "grp/model/profile/check_plan.hpp"

#include <cmath>

namespace grp {

namespace {

/// planned_for's record, or nullptr when the profile has none.
const nlohmann::ordered_json* planned_for_of(const profile& p) {
    const auto s = p.settings.find("check");
    if (s == p.settings.end() || !s->is_object()) {
        return nullptr;
    }
    const auto f = s->find("planned_for");
    return f == s->end() ? nullptr : &*f;
}

grid_plan from_record(const nlohmann::ordered_json& f) {
    grid_plan g;
    g.planned_for = true;
    const auto cus = f.is_object() ? f.find("compute_units") : f.end();
    const double v = cus != f.end() && cus->is_number() ? cus->get<double>() : 0.0;
    g.valid = v >= 1 && v <= 100000 && std::floor(v) == v;
    g.compute_units = g.valid ? static_cast<std::uint64_t>(v) : 0;
    const auto name = f.is_object() ? f.find("device") : f.end();
    g.device = name != f.end() && name->is_string() ? name->get<std::string>() : "a GPU";
    return g;
}

std::string grid_text(const grid_plan& g) {
    if (!g.valid) {
        return "an unreadable device (settings.check.planned_for is not a GPU's name and "
               "compute units)";
    }
    const auto units = std::to_string(g.compute_units) +
                       (g.compute_units == 1 ? " compute unit" : " compute units");
    return g.compute_units == 0 ? g.device + " (compute units not recorded)"
                                : g.device + "'s " + units;
}

} // namespace

bool is_check_profile(const profile& p) {
    return p.settings.contains("check");
}

grid_plan planned_grid(const profile& p) {
    if (const auto* f = planned_for_of(p)) {
        return from_record(*f);
    }
    grid_plan g;
    if (!p.devices.empty()) {
        g.device = p.devices.front().info.name;
        g.compute_units = p.devices.front().info.compute_units.value_or(0);
    } else {
        g.device = "the simulator";
    }
    return g;
}

std::string planned_grid_difference(const profile& base, const profile& cand,
                                    const std::string& base_label, const std::string& cand_label) {
    const auto b = planned_grid(base), c = planned_grid(cand);
    if (b.valid && c.valid && b.compute_units == c.compute_units) {
        return "";
    }
    return base_label + "'s grids were planned for " + grid_text(b) + " and " + cand_label +
           "'s for " + grid_text(c) +
           " (check --estimate-for): a grid that follows the compute units has other groups and "
           "passes, so their counts are not comparable; check both for the same GPU, or neither "
           "with --estimate-for";
}

} // namespace grp
