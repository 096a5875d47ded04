// run --resume: skip the sweep points an existing profile already holds, write the union.
#include "grp/run/resume.hpp"

#include "grp/model/baseline/merge.hpp"
#include "grp/model/compare/case_compare.hpp"
#include "grp/run/launch/case_setup.hpp"

#include <set>

namespace grp::run {

std::vector<sweep_point> points_to_resume(const std::vector<sweep_point>& points,
                                          const std::vector<kernel_spec>& kernels,
                                          const device_info& dev, const profile* done) {
    if (done == nullptr) {
        return points;
    }
    std::set<case_key> have;
    for (const auto& c : done->cases) {
        const auto d = static_cast<std::size_t>(c.device);
        if (c.scenario.empty() && d < done->devices.size() &&
            same_device(done->devices[d].info, dev)) {
            have.insert(c.key);
        }
    }
    std::vector<sweep_point> out;
    for (const auto& p : points) {
        if (have.count(key_of(kernels[p.kernel], p)) == 0) {
            out.push_back(p);
        }
    }
    return out;
}

profile resume_union(const profile& resumed, const std::string& resumed_path, const profile& now,
                     std::vector<std::string>& warnings) {
    auto m = merge_profiles({{resumed, resumed_path}, {now, "this run"}});
    warnings = m.warnings;
    profile& out = m.merged;
    out.tool = now.tool;
    out.host = now.host;
    out.settings = now.settings;
    out.settings["resumed_from"] = resumed_path;
    out.complete = now.complete;
    out.incomplete_reason = now.incomplete_reason;
    out.host_baselines = resumed.host_baselines;
    for (const auto& b : now.host_baselines) {
        out.host_baselines.push_back(b);
    }
    return std::move(out);
}

} // namespace grp::run
