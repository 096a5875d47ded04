// run --resume without OpenCL: which planned cases an earlier profile already holds in full,
// which are measured again (and why), whether the resumed profile's device and settings are this
// run's, and the union written at the end (and at every checkpoint). A case is measured whole or
// not at all: the rounds of one case never come from two invocations (docs/run.md, Resume).
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/model/profile/profile.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// What this run plans, as --resume judges the resumed cases against it.
struct resume_rules {
    std::uint64_t rounds = 0; ///< rounds per case this invocation plans (all its processes)
    std::map<std::string, std::string> sources; ///< kernel name -> sha256 of this run's source
};

/// What --resume does with a planned case.
enum class resume_action {
    keep,           ///< the resumed profile holds it in full
    absent,         ///< not in the resumed profile: measured
    short_rounds,   ///< fewer rounds than planned (an interrupted run): measured again whole
    failed,         ///< failed there (a build or OpenCL error): retried
    source_changed, ///< its kernel's source differs from this run's: measured again
};

/// The resumed profile's sweep case with key `key` on a device that is `dev` (same UUID, else
/// same name), or null.
const case_result* find_resumed(const profile& resumed, const case_key& key,
                                const device_info& dev);

/// What --resume does with the planned case whose resumed copy is `had` (null: none).
resume_action resume_action_for(const case_result* had, const profile& resumed,
                                const resume_rules& rules);

/// Why this run cannot resume `resumed` on `devices` (the devices it selected): a device of the
/// resumed profile's cases is none of them. Empty when it can.
std::optional<std::string> resume_device_problem(const profile& resumed, const std::string& path,
                                                 const std::vector<device_info>& devices);

/// Warnings for the settings in which `now` (this run's settings_json) differs from the
/// resumed profile's: build options, input data, timing settings (a different host is
/// merge_profiles' warning).
std::vector<std::string> resume_setting_warnings(const profile& resumed, const std::string& path,
                                                 const nlohmann::ordered_json& now);

/// The profile --resume writes: the resumed profile's cases except those this run measured
/// again, then this run's cases, with this run's tool, host and settings (merge_profiles:
/// devices matched by identity, each case keeps its run's rounds). Runs that hold no round (of
/// either) are left out. It is complete only when `now` is and no case of this run's kernels kept
/// from the resumed profile still needs measuring (resume_action_for). Warnings go to
/// `warnings`.
profile resume_union(const profile& resumed, const std::string& resumed_path, const profile& now,
                     const resume_rules& rules, std::vector<std::string>& warnings);

} // namespace grp
