#include "grp/model/history/step_cause.hpp"

#include "grp/model/compare/case_compare.hpp"
#include "grp/model/compare/cause_match.hpp"

namespace grp {

namespace {

const profile* history_profile_named(const std::vector<history_source>& v,
                                     const std::string& name) {
    if (name.empty()) {
        return nullptr;
    }
    for (const auto& s : v) {
        if (s.name == name) {
            return &s.prof;
        }
    }
    return nullptr;
}

/// The case of series `s` in `p`: its key on a device of its device key.
const case_result* series_case_in(const profile& p, const history_series& s) {
    for (const auto& c : p.cases) {
        const auto* d = device_of(p, c);
        if (c.key == s.key && d != nullptr && device_key_of(*d) == s.device) {
            return &c;
        }
    }
    return nullptr;
}

/// The comparison's sides as far as the cause needs them: the hosts the two places ran on.
case_comparison step_sides(const timeline_place& good, const timeline_place& bad) {
    case_comparison cc;
    cc.base = case_side{};
    cc.cand = case_side{};
    cc.base->host = good.host.hostname;
    cc.cand->host = bad.host.hostname;
    return cc;
}

} // namespace

void explain_steps(history_result& r, const std::vector<history_source>& sources,
                   const std::vector<history_source>& checks, double threshold) {
    for (auto& f : r.findings) {
        if (f.kind != finding_kind::step || f.change <= 0) {
            continue;
        }
        const auto& good = r.time.places.at(f.last_good);
        const auto& bad = r.time.places.at(f.first_bad);
        work_evidence w;
        w.files.base = check_profile_beside(good.source, false);
        w.files.cand = check_profile_beside(bad.source, false);
        w.files.found_beside = true;
        w.base = history_profile_named(checks, w.files.base);
        w.cand = history_profile_named(checks, w.files.cand);
        w.threshold = threshold;
        if (w.base == nullptr && w.cand == nullptr) {
            continue; // no check profile along this stretch: nothing to say, nothing guessed
        }
        w.files.base = w.base ? w.files.base : "";
        w.files.cand = w.cand ? w.files.cand : "";
        const auto& s = r.time.series.at(f.series);
        const auto *bp = history_profile_named(sources, good.source),
                   *cp = history_profile_named(sources, bad.source);
        const auto* b = bp ? series_case_in(*bp, s) : nullptr;
        const auto* c = cp ? series_case_in(*cp, s) : nullptr;
        f.cause =
            b && c
                ? cause_of_case(w, step_sides(good, bad), *bp, *b, *cp, *c, false)
                : slow_cause{cause_class::unknown, "the step's cases were not found", {}, false, 0};
    }
}

} // namespace grp
