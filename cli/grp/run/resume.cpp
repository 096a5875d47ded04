// run --resume: the points to measure on each device, and the check before any measuring.
#include "grp/run/resume.hpp"

#include "grp/core/error.hpp"
#include "grp/model/measure/launch_timeout.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/run/launch/case_setup.hpp"
#include "grp/run/run_options.hpp"
#include "grp/run/run_record.hpp"
#include "grp/run/shard_plan.hpp"

#include <algorithm>

namespace grp::run {

resume_rules resume_rules_of(const run_options& opt) {
    resume_rules rules;
    rules.rounds = opt.resume_rounds != 0 ? opt.resume_rounds : opt.measure.rounds;
    profile recorded;
    record_kernels(recorded, opt.kernels);
    for (const auto& k : recorded.kernels) {
        rules.sources[k.name] = k.sha256;
    }
    return rules;
}

std::vector<sweep_point> points_to_resume(const std::vector<sweep_point>& points,
                                          const std::vector<kernel_spec>& kernels,
                                          const device_info& dev, const profile* done,
                                          const resume_rules& rules) {
    if (done == nullptr) {
        return points;
    }
    std::vector<sweep_point> out;
    for (const auto& p : points) {
        const auto* had = find_resumed(*done, key_of(kernels[p.kernel], p), dev);
        if (resume_action_for(had, *done, rules) != resume_action::keep) {
            out.push_back(p);
        }
    }
    return out;
}

namespace {

// Whether this process skips `p`: --after-hang's profile holds it in full or hung (a changed
// source is measured again), or an earlier part of --runs saw it hang.
bool skipped_after_hang(const run_options& opt, const sweep_point& p, const device_info& dev,
                        const resume_rules& rules) {
    const auto key = key_of(opt.kernels[p.kernel], p);
    if (opt.after_hang) {
        const auto* had = find_resumed(*opt.after_hang, key, dev);
        const auto a = resume_action_for(had, *opt.after_hang, rules);
        if (a == resume_action::keep || (a == resume_action::failed && is_hung(*had))) {
            return true;
        }
    }
    return std::any_of(opt.hung_elsewhere.begin(), opt.hung_elsewhere.end(), [&](const auto& part) {
        const auto* had = find_resumed(*part, key, dev);
        return had != nullptr && is_hung(*had);
    });
}

} // namespace

std::vector<sweep_point> points_to_measure(const run_options& opt,
                                           const std::vector<sweep_point>& points,
                                           const device_info& dev) {
    const auto rules = resume_rules_of(opt);
    auto out = points_to_resume(points, opt.kernels, dev, opt.resume.get(), rules);
    out.erase(std::remove_if(
                  out.begin(), out.end(),
                  [&](const sweep_point& p) { return skipped_after_hang(opt, p, dev, rules); }),
              out.end());
    return undecided_points(opt, std::move(out));
}

std::size_t resume_summary::kept() const {
    const auto k = by_action.find(resume_action::keep);
    return k == by_action.end() ? 0 : k->second;
}

resume_summary check_resume(const run_options& opt) {
    resume_summary s;
    if (!opt.resume) {
        return s;
    }
    const auto devices = ocl::select(opt.devices);
    std::vector<device_info> infos;
    infos.reserve(devices.size());
    for (const auto& d : devices) {
        infos.push_back(d.info);
    }
    if (auto problem = resume_device_problem(*opt.resume, opt.resume_path, infos)) {
        throw usage_error(*problem);
    }
    const auto rules = resume_rules_of(opt);
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const auto& d = devices[i]; // --shard: only its share is planned, so only it is resumed
        for (const auto& p :
             shard_points(opt, plan_capped_sweep(opt.kernels, opt.sweep, d.info, opt.max_cases),
                          static_cast<int>(i))) {
            const auto* had = find_resumed(*opt.resume, key_of(opt.kernels[p.kernel], p), d.info);
            ++s.by_action[resume_action_for(had, *opt.resume, rules)];
            ++s.planned;
        }
    }
    return s;
}

std::string describe_resume(const resume_summary& s, const std::string& path) {
    const auto n = [&s](resume_action a) {
        const auto it = s.by_action.find(a);
        return it == s.by_action.end() ? std::size_t{0} : it->second;
    };
    std::string out = "resume: " + std::to_string(s.kept()) + " of " + std::to_string(s.planned) +
                      " planned cases are in " + path + " in full";
    if (s.to_measure() == 0) {
        return out + "; nothing to measure";
    }
    out += "; measuring " + std::to_string(s.to_measure()) + ":";
    const std::pair<resume_action, const char*> parts[] = {
        {resume_action::absent, " not in it"},
        {resume_action::short_rounds,
         " with fewer rounds than planned (measured again whole: a case's rounds all come from "
         "one invocation, as compare's run-to-run spread assumes)"},
        {resume_action::failed, " failed there (retried)"},
        {resume_action::source_changed, " whose kernel source changed"}};
    const char* sep = " ";
    for (const auto& [a, what] : parts) {
        if (n(a) != 0) {
            out += sep + std::to_string(n(a)) + what;
            sep = ", ";
        }
    }
    return out;
}

} // namespace grp::run
