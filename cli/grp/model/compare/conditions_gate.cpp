#include "grp/model/compare/conditions_gate.hpp"

#include "grp/model/compare/case_compare.hpp"

#include <algorithm>

namespace grp {

namespace {

std::string joined_facts(const std::vector<std::string>& facts) {
    std::string out;
    for (const auto& f : facts) {
        out += (out.empty() ? "" : "; ") + f;
    }
    return out;
}

bool records_conditions(const profile& p) {
    return std::any_of(p.devices.begin(), p.devices.end(),
                       [](const profile_device& d) { return d.conditions.has_value(); });
}

/// A warning for each device of `p` whose run lost more than 5 % of the CPU's time to a
/// hypervisor (steal_pct): its times hold that disturbance, which no setting explains.
void steal_warnings(const profile& p, const std::string& label, std::vector<std::string>& out) {
    for (const auto& d : p.devices) {
        const auto* steal = d.conditions ? d.conditions->find("steal_pct") : nullptr;
        if (steal && steal->value.is_number() && steal->value.get<double>() > 5.0) {
            out.push_back(label + ": a hypervisor took " + steal->value.dump() +
                          " % of the CPU's time while " + d.info.name +
                          " ran (steal_pct): its times hold that disturbance");
        }
    }
}

} // namespace

std::vector<std::string> case_condition_differences(const profile& bp, const case_result& b,
                                                    const profile& cp, const case_result& c) {
    const auto *bd = device_record(bp, b), *cd = device_record(cp, c);
    if (!bd || !cd || !bd->conditions || !cd->conditions) {
        return {};
    }
    return differing_facts(*bd->conditions, *cd->conditions);
}

void mark_conditions(case_comparison& cc, const profile& bp, const case_result* b,
                     const profile& cp, const case_result* c, const compare_options& opt) {
    if (b == nullptr || c == nullptr || cc.cross_device) {
        return; // two device models are never gated anyway, whatever they were set to
    }
    const auto facts = case_condition_differences(bp, *b, cp, *c);
    cc.conditions_differ = !facts.empty();
    if (cc.conditions_differ && !opt.any_conditions) {
        cc.note += std::string(cc.note.empty() ? "" : "; ") +
                   "timing not gated: the conditions differ (" + joined_facts(facts) + ")";
    }
}

void conditions_warnings(comparison& r, const profile& base, const profile& cand) {
    for (const auto& bd : base.devices) {
        for (const auto& cd : cand.devices) {
            if (!bd.conditions || !cd.conditions || !same_device(bd.info, cd.info)) {
                continue; // two device models are never gated anyway
            }
            if (const auto facts = differing_facts(*bd.conditions, *cd.conditions);
                !facts.empty()) {
                r.conditions.push_back(bd.info.name + ": " + joined_facts(facts));
            }
        }
    }
    steal_warnings(base, r.base_label, r.warnings);
    steal_warnings(cand, r.cand_label, r.warnings);
    const bool b_has = records_conditions(base), c_has = records_conditions(cand);
    if (b_has != c_has) {
        r.warnings.push_back((b_has ? r.cand_label : r.base_label) +
                             " records no device conditions (written before schema 2.17): the "
                             "settings the two sides ran under are not compared");
    }
    if (!r.conditions.empty()) {
        r.warnings.push_back(
            "the conditions differ (" + joined_facts(r.conditions) + "): " +
            (r.options.any_conditions
                 ? "--conditions any gates timing anyway"
                 : "a different setting is not a code change, so timing is not gated; measure "
                   "both under the same settings, or accept the difference with --conditions any"));
    }
}

} // namespace grp
