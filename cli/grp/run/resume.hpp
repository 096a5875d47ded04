// run --resume with OpenCL: the sweep points an existing profile does not hold in full on the
// devices this run selects, and the check before any measuring that those devices are the
// resumed profile's. The rules and the union are OpenCL-free (model/baseline/resume.hpp).
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/model/baseline/resume.hpp"
#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <string>
#include <vector>

namespace grp::run {

struct run_options;

/// The rules this run resumes by: its planned rounds per case and its kernels' sources.
resume_rules resume_rules_of(const run_options& opt);

/// The points of `points` that `done` does not hold in full on the device `dev`
/// (resume_action_for: absent, short of rounds, failed, changed source). All of them when
/// `done` is null.
std::vector<sweep_point> points_to_resume(const std::vector<sweep_point>& points,
                                          const std::vector<kernel_spec>& kernels,
                                          const device_info& dev, const profile* done,
                                          const resume_rules& rules);

/// The points of `points` this process measures on `dev`: points_to_resume of --resume's
/// profile, less those --after-hang's profile holds in full or as hung (is_hung: one would
/// hang again; a changed source is measured again) and those an earlier part of --runs saw
/// hang (--skip-hung), and, in a sequential duet's process after a look, those the look decided
/// (undecided_points).
std::vector<sweep_point> points_to_measure(const run_options& opt,
                                           const std::vector<sweep_point>& points,
                                           const device_info& dev);

/// What --resume will measure, counted over the devices this run selects.
struct resume_summary {
    std::size_t planned = 0;
    std::map<resume_action, std::size_t> by_action;
    [[nodiscard]] std::size_t to_measure() const { return planned - kept(); }
    [[nodiscard]] std::size_t kept() const;
};

/// Before any measuring (the parent of --runs): selects the devices, refuses (usage_error) a
/// resumed profile measured on another device, and counts what the run will measure.
resume_summary check_resume(const run_options& opt);

/// "resume: 3 of 10 planned cases are in R; measuring 7: ..." for `s`.
std::string describe_resume(const resume_summary& s, const std::string& path);

} // namespace grp::run
