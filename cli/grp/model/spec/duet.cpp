#include "grp/model/spec/duet.hpp"

#include "grp/core/error.hpp"

#include <set>

namespace grp {

namespace {

bool has_prefix(const std::string& name) {
    for (const std::string p : {duet_base_prefix, duet_control_prefix, duet_twin_prefix}) {
        if (name.rfind(p, 0) == 0) {
            return true;
        }
    }
    return false;
}

/// The kernel names of `specs`, in first-seen order (a name may have one spec per layout).
std::vector<std::string> names_of(const std::vector<kernel_spec>& specs) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto& k : specs) {
        if (has_prefix(k.name)) {
            throw usage_error("--duet: kernel '" + k.name + "' already starts with '" +
                              duet_base_prefix + "', '" + duet_control_prefix + "' or '" +
                              duet_twin_prefix +
                              "', the names a duet gives its kernels' instances; rename it");
        }
        if (seen.insert(k.name).second) {
            out.push_back(k.name);
        }
    }
    return out;
}

/// Copies of `specs` (those named in `only`, when given) under prefixed names. Each is a
/// program of its own (the session's program cache is keyed by the kernel's name), so a control
/// is built apart from the instance it controls.
void append_renamed(std::vector<kernel_spec>& out, const std::vector<kernel_spec>& specs,
                    const std::string& prefix, const std::set<std::string>* only = nullptr) {
    for (auto k : specs) {
        if (only != nullptr && only->count(k.name) == 0) {
            continue;
        }
        k.name = prefix + k.name;
        out.push_back(std::move(k));
    }
}

/// Whether the triple names a base and a candidate, and no two of its kernels alike.
bool distinct_names(const duet_triple& t) {
    std::set<std::string> names;
    std::size_t given = 0;
    for (const auto* n : {&t.base, &t.cand, &t.control, &t.twin}) {
        if (!n->empty()) {
            names.insert(*n);
            ++given;
        }
    }
    return !t.base.empty() && !t.cand.empty() && names.size() == given;
}

} // namespace

duet_plan plan_duet(const std::vector<kernel_spec>& base, const std::vector<kernel_spec>& cand) {
    const auto cand_names = names_of(cand);
    const std::set<std::string> cands(cand_names.begin(), cand_names.end());
    duet_plan plan;
    std::set<std::string> paired;
    for (const auto& name : names_of(base)) {
        if (cands.count(name) == 0) {
            std::string known;
            for (const auto& c : cand_names) {
                known += (known.empty() ? "" : ", ") + c;
            }
            throw usage_error(
                "--duet: the base kernel '" + name +
                "' has no candidate of that name among -k's kernels (" +
                (known.empty() ? "none" : known) +
                "); a duet pairs kernels by name: give -k the candidate's spec, with its kernel "
                "named as the base's (its spec's \"name\"), or time both in one "
                "run and judge them with compare PROFILE --pair OLD=NEW");
        }
        plan.triples.push_back(
            {duet_base_prefix + name, name, duet_control_prefix + name, duet_twin_prefix + name});
        paired.insert(name);
    }
    if (plan.triples.empty()) {
        throw usage_error("--duet: the base spec has no kernel");
    }
    plan.kernels = cand;
    append_renamed(plan.kernels, base, duet_base_prefix);
    append_renamed(plan.kernels, base, duet_control_prefix);
    append_renamed(plan.kernels, cand, duet_twin_prefix, &paired);
    return plan;
}

nlohmann::ordered_json duet_to_json(const std::string& base_source,
                                    const std::vector<duet_triple>& triples) {
    auto pairs = nlohmann::ordered_json::array();
    for (const auto& t : triples) {
        pairs.push_back(
            {{"base", t.base}, {"candidate", t.cand}, {"control", t.control}, {"twin", t.twin}});
    }
    return {{"base", base_source}, {"pairs", pairs}};
}

std::vector<duet_triple> duet_triples(const nlohmann::ordered_json& settings) {
    std::vector<duet_triple> out;
    if (!settings.is_object() || !settings.contains("duet") || !settings["duet"].is_object() ||
        !settings["duet"].contains("pairs") || !settings["duet"]["pairs"].is_array()) {
        return out;
    }
    for (const auto& p : settings["duet"]["pairs"]) {
        const auto text = [&p](const char* field) {
            return p.is_object() && p.contains(field) && p[field].is_string()
                       ? p[field].get<std::string>()
                       : std::string();
        };
        duet_triple t{text("base"), text("candidate"), text("control"), text("twin")};
        if (!distinct_names(t)) {
            return {}; // not a record this tool wrote: judge nothing from it
        }
        out.push_back(std::move(t));
    }
    return out;
}

} // namespace grp
