#include "grp/run/shard_plan.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/plan/cost_model.hpp"
#include "grp/model/plan/pass_plan.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/run/launch/case_setup.hpp"

#include <algorithm>

namespace grp::run {

namespace {

// One device's plan as the partition sees it: keys, costs, which cases will be timed.
struct costed_plan {
    std::vector<std::string> keys;
    std::vector<double> cost_s;
    std::vector<bool> timed;
};

costed_plan cost_plan(const run_options& opt, const device_info& dev) {
    const auto& m = opt.measure;
    const round_shape shape{m.warmup, m.min_samples, m.max_samples, m.rounds, round_budget_s(m)};
    costed_plan c;
    for (const auto& p : plan_capped_sweep(opt.kernels, opt.sweep, dev, opt.max_cases)) {
        const auto& k = opt.kernels[p.kernel];
        const bool timed = planned_skip_reason(k, p, dev).empty();
        c.keys.push_back(key_of(k, p).to_string());
        c.cost_s.push_back(timed ? case_cost_s(p, dev, shape) : 0.0);
        c.timed.push_back(timed);
    }
    return c;
}

std::vector<std::size_t> find_anchors(const costed_plan& c, const std::vector<std::string>& keys,
                                      bool required) {
    std::vector<std::size_t> out;
    for (const auto& key : keys) {
        const auto it = std::find(c.keys.begin(), c.keys.end(), key);
        const auto i = static_cast<std::size_t>(it - c.keys.begin());
        if (it != c.keys.end() && c.timed[i]) {
            out.push_back(i);
        } else if (required) {
            throw usage_error("--anchor '" + terminal_escape(key) + "': " +
                              (it == c.keys.end() ? "no case of the plan has this key"
                                                  : "the plan skips this case") +
                              "; anchors are case keys as the profile writes them, e.g. '" +
                              terminal_escape(c.keys.empty() ? "" : c.keys.front()) +
                              "' (run --dry-run --shard 1/N lists the default ones)");
        }
    }
    return out;
}

std::vector<std::string> default_anchor_keys(const costed_plan& c) {
    const auto timed = static_cast<std::size_t>(std::count(c.timed.begin(), c.timed.end(), true));
    std::vector<std::string> out;
    for (auto i : default_anchors(c.cost_s, c.timed, default_anchor_count(timed))) {
        out.push_back(c.keys[i]);
    }
    return out;
}

// One device's plan partitioned: the keys this shard keeps, and the loads and counts added up.
void add_device_share(shard_plan& s, const costed_plan& c, const std::vector<std::size_t>& anchors,
                      const shard_spec& spec) {
    const auto part = partition_plan(c.cost_s, anchors, spec.count);
    auto& keep = s.filter.keys_by_device.emplace_back();
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
        if (part.owner[i] == spec.index - 1 || part.owner[i] == shard_partition::every_shard) {
            keep.insert(c.keys[i]);
        }
    }
    for (std::size_t k = 0; k < spec.count; ++k) {
        s.load_s[k] += part.load_s[k];
    }
    for (auto i : part.anchors) {
        s.anchors_s += c.cost_s[i];
    }
    s.record.planned_cases += c.keys.size();
    s.record.cases += keep.size();
}

} // namespace

std::string planned_skip_reason(const kernel_spec& k, const sweep_point& p,
                                const device_info& dev) {
    if (auto why = static_skip_reason(k, p, dev); !why.empty()) {
        return why;
    }
    return plan_passes(k, p.n, p.local_size, dev.compute_units.value_or(1), device_class(dev.type))
        .skip_reason;
}

shard_plan plan_shard(const run_options& opt, const shard_spec& spec,
                      const std::vector<std::string>& anchor_keys) {
    std::vector<costed_plan> plans;
    for (const auto& h : ocl::select(opt.devices)) {
        plans.push_back(cost_plan(opt, h.info));
    }
    shard_plan s;
    s.record = {spec.index, spec.count, spec.source, "", 0, 0, anchor_keys, spec.variables};
    if (anchor_keys.empty() && !plans.empty()) { // the first device's choice, for every device
        s.record.anchors = default_anchor_keys(plans.front());
    }
    s.load_s.assign(spec.count, 0.0);
    std::vector<std::set<std::string>> all;
    for (std::size_t d = 0; d < plans.size(); ++d) {
        add_device_share(s, plans[d], find_anchors(plans[d], s.record.anchors, d == 0), spec);
        all.emplace_back(plans[d].keys.begin(), plans[d].keys.end());
    }
    s.record.plan_sha256 = plan_sha256(all);
    return s;
}

std::vector<sweep_point> shard_points(const run_options& opt, std::vector<sweep_point> points,
                                      int device_index) {
    if (!opt.shard) {
        return points;
    }
    const auto& keys = opt.shard->keys_by_device.at(static_cast<std::size_t>(device_index));
    points.erase(std::remove_if(points.begin(), points.end(),
                                [&](const sweep_point& p) {
                                    return keys.count(
                                               key_of(opt.kernels[p.kernel], p).to_string()) == 0;
                                }),
                 points.end());
    return points;
}

std::vector<sweep_point> undecided_points(const run_options& opt, std::vector<sweep_point> points) {
    if (opt.only_points.empty()) {
        return points;
    }
    points.erase(std::remove_if(points.begin(), points.end(),
                                [&](const sweep_point& p) {
                                    return opt.only_points.count(
                                               point_text(key_of(opt.kernels[p.kernel], p))) == 0;
                                }),
                 points.end());
    return points;
}

} // namespace grp::run
