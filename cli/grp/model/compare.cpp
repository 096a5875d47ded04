#include "grp/model/compare.hpp"

#include "grp/core/error.hpp"
#include "grp/model/mann_whitney.hpp"
#include "grp/model/stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace grp {

namespace {

/// A case ran and produced a value (right or wrong); skipped and failed cases did not.
bool has_result(const case_result& c) {
    return c.status == case_status::ok || c.status == case_status::wrong ||
           c.status == case_status::race_observed;
}

std::string percent(double fraction) {
    std::ostringstream os;
    os.precision(3);
    os << fraction * 100 << '%';
    return os.str();
}

const device_info* device_of(const profile& p, const case_result& c) {
    if (c.device < 0 || static_cast<std::size_t>(c.device) >= p.devices.size()) {
        return nullptr;
    }
    return &p.devices[static_cast<std::size_t>(c.device)].info;
}

/// A case's samples on the scale being compared, or why there are none.
struct measured {
    std::vector<double> samples;
    std::optional<double> median;
    std::string problem;
};

std::optional<double> median_of(std::vector<double> v) {
    if (v.empty()) {
        return std::nullopt;
    }
    std::sort(v.begin(), v.end());
    return percentile_sorted(v, 0.5);
}

/// The reference case for normalization::kernel on the same device, or nullptr.
const case_result* find_reference(const profile& p, const case_result& c, const std::string& ref) {
    case_key want = c.key;
    want.kernel = ref;
    bool full_key = ref.find('/') != std::string::npos;
    for (const auto& r : p.cases) {
        if (r.device == c.device && (full_key ? r.key.to_string() == ref : r.key == want)) {
            return &r;
        }
    }
    return nullptr;
}

measured measure(const profile& p, const case_result& c, const compare_options& opt) {
    measured m;
    m.samples.assign(c.samples_ns.begin(), c.samples_ns.end());
    double scale = 1.0;
    if (opt.normalize == normalization::peak) {
        const device_info* info = device_of(p, c);
        const auto* peak = info ? &p.devices[static_cast<std::size_t>(c.device)].peak : nullptr;
        if (!peak || !*peak || !((*peak)->read_gbps > 0)) {
            m.problem = "no measured peak bandwidth for " + (info ? info->name : "its device");
            return m;
        }
        scale = (*peak)->read_gbps;
    } else if (opt.normalize == normalization::kernel) {
        const case_result* r = find_reference(p, c, opt.reference);
        auto ref_median =
            r ? median_of({r->samples_ns.begin(), r->samples_ns.end()}) : std::nullopt;
        if (!r || r->status != case_status::ok || !ref_median || !(*ref_median > 0)) {
            m.problem = "no usable reference case '" + opt.reference + "' for this case";
            return m;
        }
        scale = 1.0 / *ref_median;
    }
    for (double& s : m.samples) {
        s *= scale;
    }
    m.median = median_of(m.samples);
    return m;
}

case_side side_of(const profile& p, const case_result& c, const measured& m) {
    case_side s;
    s.status = c.status;
    s.reason = c.reason;
    const device_info* d = device_of(p, c);
    s.device = d ? d->name : "device #" + std::to_string(c.device);
    s.samples = c.samples_ns.size();
    s.median_ns = median_of({c.samples_ns.begin(), c.samples_ns.end()});
    if (!s.median_ns && c.summary) {
        s.median_ns = c.summary->median_ns;
    }
    s.value = m.median;
    s.pct_of_peak = c.pct_of_peak;
    return s;
}

/// same / faster / slower / unknown from the samples, the threshold and alpha.
void decide_timing(case_comparison& cc, const measured& b, const measured& c,
                   const compare_options& opt) {
    cc.outcome = verdict::unknown;
    if (!b.problem.empty() || !c.problem.empty()) {
        cc.note = !b.problem.empty() ? "base: " + b.problem : "candidate: " + c.problem;
        return;
    }
    if (b.samples.size() < opt.min_samples || c.samples.size() < opt.min_samples) {
        cc.note = "too few samples (base " + std::to_string(b.samples.size()) + ", candidate " +
                  std::to_string(c.samples.size()) + "; --min-samples " +
                  std::to_string(opt.min_samples) + ")";
        return;
    }
    if (!b.median || !(*b.median > 0) || !c.median) {
        cc.note = "base median is zero";
        return;
    }
    cc.ratio = *c.median / *b.median;
    auto mw = mann_whitney_u(c.samples, b.samples);
    cc.p_value = mw.p_value;
    cc.exact_p = mw.exact;
    cc.prob_slower = mw.prob_x_greater();
    double change = *cc.ratio - 1.0;
    if (std::fabs(change) <= opt.threshold) {
        cc.outcome = verdict::same;
    } else if (mw.p_value < opt.alpha) {
        cc.outcome = change > 0 ? verdict::slower : verdict::faster;
    } else {
        cc.note = "too noisy: a change of " + percent(change) +
                  " is not significant (p = " + format_p_value(mw.p_value) + ")";
    }
}

/// The verdict from the statuses alone; empty when both have a result and timing decides.
std::optional<verdict> status_verdict(const case_result* b, const case_result* c,
                                      std::string& note) {
    bool b_has = b && has_result(*b);
    bool c_has = c && has_result(*c);
    if (!b_has) {
        note =
            b ? "base: " + to_string(b->status) + (b->reason.empty() ? "" : ": " + b->reason) : "";
        if (!c_has && c) {
            note += (note.empty() ? "" : "; ") + std::string("candidate: ") + to_string(c->status) +
                    (c->reason.empty() ? "" : ": " + c->reason);
        }
        return c_has ? verdict::added : verdict::not_run;
    }
    if (!c_has) {
        note =
            c ? "candidate: " + to_string(c->status) + (c->reason.empty() ? "" : ": " + c->reason)
              : "absent from the candidate";
        return verdict::missing;
    }
    bool bw = b->status == case_status::wrong, cw = c->status == case_status::wrong;
    if (bw || cw) {
        note = cw ? c->reason : "";
        return bw && cw ? verdict::still_wrong : cw ? verdict::wrong : verdict::fixed;
    }
    return std::nullopt;
}

bool decide_fails(const case_comparison& cc, const compare_options& opt) {
    switch (cc.outcome) {
    case verdict::wrong:
        return opt.fail_on.wrong;
    case verdict::missing:
        return opt.fail_on.missing;
    case verdict::slower:
        // Raw times of two different devices say nothing about a regression.
        return opt.fail_on.slower && (!cc.cross_device || opt.normalize != normalization::none);
    default:
        return false;
    }
}

case_comparison compare_case(const profile& bp, const case_result* b, const profile& cp,
                             const case_result* c, const compare_options& opt) {
    case_comparison cc;
    cc.key = b ? b->key : c->key;
    measured bm, cm;
    if (b) {
        bm = measure(bp, *b, opt);
        cc.base = side_of(bp, *b, bm);
    }
    if (c) {
        cm = measure(cp, *c, opt);
        cc.cand = side_of(cp, *c, cm);
    }
    if (b && c) {
        const device_info* bd = device_of(bp, *b);
        const device_info* cd = device_of(cp, *c);
        cc.cross_device = bd && cd && !same_device(*bd, *cd);
    }
    if (auto v = status_verdict(b, c, cc.note)) {
        cc.outcome = *v;
    } else {
        decide_timing(cc, bm, cm, opt);
    }
    if (cc.cross_device && cc.outcome == verdict::slower && opt.normalize == normalization::none) {
        cc.note = "cross-device: raw times never fail; try --normalize peak";
    }
    cc.fails = decide_fails(cc, opt);
    return cc;
}

using case_index = std::map<case_key, std::vector<const case_result*>>;

case_index index_cases(const profile& p) {
    case_index idx;
    for (const auto& c : p.cases) {
        idx[c.key].push_back(&c);
    }
    return idx;
}

/// Pairs the cases of one key: by device (UUID or name) first, then in profile order.
std::vector<std::pair<const case_result*, const case_result*>>
pair_cases(const profile& bp, std::vector<const case_result*> bs, const profile& cp,
           std::vector<const case_result*> cs) {
    std::vector<std::pair<const case_result*, const case_result*>> out;
    for (auto& b : bs) {
        for (auto& c : cs) {
            const device_info* bd = device_of(bp, *b);
            const device_info* cd = c ? device_of(cp, *c) : nullptr;
            if (bd && cd && same_device(*bd, *cd)) {
                out.emplace_back(b, c);
                b = c = nullptr;
                break;
            }
        }
    }
    bs.erase(std::remove(bs.begin(), bs.end(), nullptr), bs.end());
    cs.erase(std::remove(cs.begin(), cs.end(), nullptr), cs.end());
    for (std::size_t i = 0; i < std::max(bs.size(), cs.size()); ++i) {
        out.emplace_back(i < bs.size() ? bs[i] : nullptr, i < cs.size() ? cs[i] : nullptr);
    }
    return out;
}

std::string joined(const profile& p, std::string (*field)(const device_info&)) {
    std::string out;
    for (const auto& d : p.devices) {
        out += (out.empty() ? "" : ", ") + field(d.info);
    }
    return out;
}

std::vector<context_difference> context_of(const profile& b, const profile& c) {
    std::vector<std::pair<std::string, std::pair<std::string, std::string>>> fields = {
        {"schema", {b.schema_version, c.schema_version}},
        {"tool version", {b.tool.version, c.tool.version}},
        {"git sha", {b.tool.git_sha, c.tool.git_sha}},
        {"host", {b.host.hostname, c.host.hostname}},
        {"device",
         {joined(b, [](const device_info& d) { return d.name; }),
          joined(c, [](const device_info& d) { return d.name; })}},
        {"device uuid",
         {joined(b, [](const device_info& d) { return d.uuid.value_or("-"); }),
          joined(c, [](const device_info& d) { return d.uuid.value_or("-"); })}},
        {"driver",
         {joined(b, [](const device_info& d) { return d.driver_version.value_or("-"); }),
          joined(c, [](const device_info& d) { return d.driver_version.value_or("-"); })}},
    };
    std::vector<context_difference> out;
    for (auto& [what, v] : fields) {
        if (v.first != v.second) {
            out.push_back({what, v.first, v.second});
        }
    }
    return out;
}

/// The enum is declared worst first, so its value is the sort rank.
int rank_of(verdict v) {
    return static_cast<int>(v);
}

void sort_worst_first(std::vector<case_comparison>& cases) {
    std::stable_sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) {
        if (a.outcome != b.outcome) {
            return rank_of(a.outcome) < rank_of(b.outcome);
        }
        double ra = a.ratio.value_or(1.0), rb = b.ratio.value_or(1.0);
        if (ra != rb) {
            return ra > rb;
        }
        return a.key < b.key;
    });
}

void add_warnings(comparison& r, const profile& base, const profile& cand) {
    if (!base.complete) {
        r.warnings.push_back(r.base_label + " is incomplete (the run was interrupted)");
    }
    if (!cand.complete) {
        r.warnings.push_back(r.cand_label + " is incomplete (the run was interrupted)");
    }
    if (r.common == 0) {
        r.warnings.push_back(
            "no case in common: " + r.base_label + " has " + std::to_string(base.cases.size()) +
            " cases" + (base.cases.empty() ? "" : " (e.g. " + base.cases[0].key.to_string() + ")") +
            ", " + r.cand_label + " has " + std::to_string(cand.cases.size()) +
            (cand.cases.empty() ? "" : " (e.g. " + cand.cases[0].key.to_string() + ")") +
            "; cases match by kernel, type, layout, n and local size, so run both with the same "
            "-k, -t, -n and -l");
    }
}

} // namespace

std::optional<double> case_comparison::change() const {
    return ratio ? std::optional<double>(*ratio - 1.0) : std::nullopt;
}

std::size_t comparison::count(verdict v) const {
    return static_cast<std::size_t>(
        std::count_if(cases.begin(), cases.end(), [v](const auto& c) { return c.outcome == v; }));
}

std::size_t comparison::failures() const {
    return static_cast<std::size_t>(
        std::count_if(cases.begin(), cases.end(), [](const auto& c) { return c.fails; }));
}

bool same_device(const device_info& a, const device_info& b) {
    if (a.uuid && b.uuid && !a.uuid->empty() && !b.uuid->empty()) {
        return *a.uuid == *b.uuid;
    }
    return a.name == b.name;
}

comparison compare_profiles(const profile& base, const profile& cand, const compare_options& opt,
                            const std::string& base_label, const std::string& cand_label) {
    comparison r;
    r.base_label = base_label;
    r.cand_label = cand_label;
    r.options = opt;
    case_index bi = index_cases(base), ci = index_cases(cand);
    for (const auto& [key, list] : ci) {
        bi.try_emplace(key); // union of keys, so added cases are visited too
    }
    for (const auto& [key, bs] : bi) {
        auto it = ci.find(key);
        auto cs = it == ci.end() ? std::vector<const case_result*>{} : it->second;
        for (auto [b, c] : pair_cases(base, bs, cand, cs)) {
            r.common += b && c ? 1 : 0;
            r.cases.push_back(compare_case(base, b, cand, c, opt));
        }
    }
    sort_worst_first(r.cases);
    r.context = context_of(base, cand);
    add_warnings(r, base, cand);
    return r;
}

} // namespace grp
