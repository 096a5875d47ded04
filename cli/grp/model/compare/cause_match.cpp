#include "grp/model/compare/cause_match.hpp"

#include "grp/core/error.hpp"
#include "grp/model/compare/case_compare.hpp"
#include "grp/model/compare/conditions_gate.hpp"
#include "grp/model/fleet/card_levels.hpp"
#include "grp/model/profile/check_plan.hpp"
#include "grp/model/spec/duet.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace grp {

std::string check_profile_beside(const std::string& timed, bool duet_base) {
    if (timed.empty() || timed == "-") {
        return "";
    }
    const std::string ext = ".json";
    const bool json =
        timed.size() > ext.size() && timed.compare(timed.size() - ext.size(), ext.size(), ext) == 0;
    return (json ? timed.substr(0, timed.size() - ext.size()) : timed) +
           (duet_base ? ".base.check.json" : ".check.json");
}

std::string instance_free(const std::string& kernel) {
    for (const char* prefix : {duet_base_prefix, duet_control_prefix, duet_twin_prefix}) {
        const std::string p = prefix;
        if (kernel.rfind(p, 0) == 0) {
            return kernel.substr(p.size());
        }
    }
    return kernel;
}

namespace {

/// The two check cases of a timed pair, or why there are none.
struct check_pick {
    const case_result* base = nullptr;
    const case_result* cand = nullptr;
    std::string why;
};

/// "reduce6/float/flat/local=256": what a check case must match, n aside.
std::string cause_shape_text(const case_key& k) {
    const auto params = params_text(k, "/");
    return k.kernel + "/" + k.type + "/" + k.layout + "/local=" + std::to_string(k.local_size) +
           (k.op == "sum" ? "" : "/op=" + k.op) + (params.empty() ? "" : "/" + params);
}

std::string kernel_sha_of(const profile& p, const std::string& kernel) {
    for (const auto& k : p.kernels) {
        if (k.name == kernel) {
            return k.sha256;
        }
    }
    return "";
}

/// The cases of check profile `chk` shaped as timed key `k` (instance prefix dropped), by n.
std::map<std::uint64_t, const case_result*> check_cases_shaped(const profile& chk,
                                                               const case_key& k) {
    const auto kernel = instance_free(k.kernel);
    std::map<std::uint64_t, const case_result*> out;
    for (const auto& c : chk.cases) {
        const auto& ck = c.key;
        if (ck.kernel == kernel && ck.type == k.type && ck.layout == k.layout &&
            ck.local_size == k.local_size && ck.op == k.op && ck.params == k.params) {
            out.emplace(ck.n, &c);
        }
    }
    return out;
}

/// Why the side's check profile cannot speak for timed case `t` of `tp`, or "" when it can.
std::string check_side_problem(const profile* chk, const std::string& file, const profile& tp,
                               const case_result& t, const char* side) {
    if (chk == nullptr) {
        return std::string("no check profile for the ") + side;
    }
    const auto kernel = instance_free(t.key.kernel);
    const auto timed = kernel_sha_of(tp, t.key.kernel), checked = kernel_sha_of(*chk, kernel);
    if (!timed.empty() && !checked.empty() && timed != checked) {
        return "stale check profile: " + file + " counted another source of " + kernel +
               " (sha256 " + checked.substr(0, 8) + ", timed " + timed.substr(0, 8) + ")";
    }
    if (check_cases_shaped(*chk, t.key).empty()) {
        return "no check profile covers it: " + file + " has no case " + cause_shape_text(t.key);
    }
    return "";
}

/// The timed size when both check profiles have it, else the size both have nearest to it.
check_pick pick_check_cases(const work_evidence& w, const profile& bp, const case_result& b,
                            const profile& cp, const case_result& c) {
    check_pick out;
    out.why = check_side_problem(w.base, w.files.base, bp, b, "base");
    if (out.why.empty()) {
        out.why = check_side_problem(w.cand, w.files.cand, cp, c, "candidate");
    }
    if (out.why.empty()) {
        out.why = planned_grid_difference(*w.base, *w.cand, w.files.base, w.files.cand);
    }
    if (!out.why.empty()) {
        return out;
    }
    const auto bm = check_cases_shaped(*w.base, b.key), cm = check_cases_shaped(*w.cand, c.key);
    double best = INFINITY;
    for (const auto& [n, bc] : bm) {
        const auto it = cm.find(n);
        const double far = std::fabs(std::log(static_cast<double>(std::max<std::uint64_t>(n, 1))) -
                                     std::log(static_cast<double>(b.key.n)));
        if (it != cm.end() && far <= best) { // a tie goes to the larger n (later in the map)
            best = far;
            out.base = bc;
            out.cand = it->second;
        }
    }
    if (out.base == nullptr) {
        out.why = "no check profile covers it: " + w.files.base + " and " + w.files.cand +
                  " counted " + cause_shape_text(b.key) + " at no common n";
    }
    return out;
}

/// The recorded facts that differ between the timed sides: device conditions, the device, its
/// driver, the host, and a card a fleet fit calls an outlier.
std::vector<std::string> device_side_facts(const case_comparison& cc, const profile& bp,
                                           const case_result& b, const profile& cp,
                                           const case_result& c) {
    auto facts = case_condition_differences(bp, b, cp, c);
    const auto *bd = device_of(bp, b), *cd = device_of(cp, c);
    const auto differ = [&facts](const std::string& what, const std::optional<std::string>& x,
                                 const std::optional<std::string>& y) {
        if (x && y && *x != *y) {
            facts.push_back(what + ": " + *x + " -> " + *y);
        }
    };
    if (bd != nullptr && cd != nullptr) {
        differ("device", bd->name, cd->name);
        differ("device uuid", bd->uuid, cd->uuid);
        differ("driver", bd->driver_version, cd->driver_version);
    }
    if (cc.base && cc.cand) {
        differ("host", cc.base->host, cc.cand->host);
    }
    for (const auto& [p, r, side] :
         {std::make_tuple(&bp, &b, "base"), std::make_tuple(&cp, &c, "candidate")}) {
        const auto levels = fleet_levels_of(*p);
        for (const auto& m : levels ? levels->models : std::vector<model_levels>{}) {
            for (const auto& card : m.cards) {
                if (card.device == r->device && card.outlier) {
                    facts.push_back(std::string(side) + " " + card_sentence(*p, card));
                }
            }
        }
    }
    return facts;
}

/// The case of `p` with key `k` on the device named `device` ("" matches any).
const case_result* timed_case_of(const profile& p, const case_key& k, const std::string& device) {
    for (const auto& c : p.cases) {
        const auto* d = device_of(p, c);
        if (c.key == k && (device.empty() || (d != nullptr && d->name == device))) {
            return &c;
        }
    }
    return nullptr;
}

} // namespace

slow_cause cause_of_case(const work_evidence& w, const case_comparison& cc, const profile& bp,
                         const case_result& b, const profile& cp, const case_result& c,
                         bool same_rounds) {
    const auto pick = pick_check_cases(w, bp, b, cp, c);
    if (!pick.why.empty()) {
        return slow_cause{cause_class::unknown, pick.why, {}, false, 0};
    }
    work_case wc;
    try {
        wc = compare_work_case(*pick.base, *pick.cand, w.threshold, w.files.base, w.files.cand);
    } catch (const error& e) { // counts lost: the check profile cannot say
        return slow_cause{cause_class::unknown, e.what(), {}, false, 0};
    }
    auto cause = classify_slow_cause(wc, w.threshold,
                                     same_rounds ? std::vector<std::string>{}
                                                 : device_side_facts(cc, bp, b, cp, c));
    cause.same_rounds = same_rounds && cause.kind == cause_class::device_side;
    cause.counted_n = pick.base->key.n != b.key.n ? pick.base->key.n : 0;
    return cause;
}

void explain_slower(comparison& r, const profile& bp, const profile& cp, const work_evidence& w) {
    r.work = w.files;
    for (auto& cc : r.cases) {
        if (cc.outcome != verdict::slower || !cc.base || !cc.cand) {
            continue;
        }
        auto ck = cc.key;
        if (r.paired) {
            ck.kernel = r.pair_cand;
        }
        const auto* b = timed_case_of(bp, cc.key, cc.base->device);
        const auto* c = timed_case_of(cp, ck, cc.cand->device);
        cc.cause =
            b && c
                ? cause_of_case(w, cc, bp, *b, cp, *c, r.paired)
                : slow_cause{cause_class::unknown, "the timed cases were not found", {}, false, 0};
    }
}

} // namespace grp
