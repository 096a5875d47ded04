// What the four scenarios share: the environment they run in, case construction, recording
// their kernels in the profile, progress reporting, and event timing of a single-kernel launch
// (the same warm-up / adaptive stop rules as the runner's sweeps, for kernels that are not
// spec'd reductions and so cannot go through measure_points).
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/ocl/session.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/measure.hpp"
#include "grp/run/run_options.hpp"

#include <functional>
#include <string>

namespace grp::run {

/// Everything run_scenario received, passed on to the scenario that runs.
struct scenario_env {
    ocl::session& session;
    int device_index = 0; ///< the device's index in profile.devices
    const run_options& opt;
    profile& prof;
    const progress_sink& progress;
};

/// A case of `scenario` with its key and device set (status ok, nothing measured yet).
case_result scenario_case(const scenario_env& env, const std::string& scenario, case_key key);

/// Measures one point of a spec'd kernel the way the sweep does (build, verify, rounds) on
/// `data`, and returns its case (not added to the profile; the scenario adds it).
case_result measure_one(const scenario_env& env, const kernel_spec& spec, const sweep_point& pt,
                        const data_choice& data);

/// Adds a kernel record for an embedded file (`file` in kernels/, recorded as "builtin:FILE"
/// with the text's sha256) unless the profile already has one named `name`.
void record_builtin_kernel(profile& p, const std::string& name, const std::string& entry,
                           const std::string& file, nlohmann::ordered_json spec);

/// Counts a scenario's cases for the progress sink: case i of N within this scenario.
class scenario_progress {
public:
    scenario_progress(const progress_sink& sink, std::size_t total)
        : m_sink(sink), m_total(total) {}
    void started(const case_key& k) const;
    /// Reports the finished case and moves to the next index.
    void finished(const case_result& r);

private:
    const progress_sink& m_sink;
    std::size_t m_total;
    std::size_t m_index = 0;
};

/// Times `launch` (enqueues one kernel and returns its event; need not wait): m.warmup untimed
/// launches, then samples until the median's relative standard error is under m.max_noise (after
/// m.min_samples) or m.max_time_s is spent or m.max_samples reached, or interrupted(). Fills
/// r.samples_ns, launch_overhead_ns, warmup, flags/flagged_samples, noise_target_met and
/// summary. Throws cl::Error from the launches.
void sample_launches(ocl::session& s, const measure_options& m,
                     const std::function<cl::Event()>& launch, case_result& r);

/// Adds one finished launch's timing to r's last round (END-START, START-QUEUED; a first
/// round is opened when there is none), or flags it when its timestamps fail the checks.
void add_sample(case_result& r, const launch_stamps& st, std::uint64_t timer_resolution_ns);

/// r.summary from r's rounds, and r.elements_per_s = r.key.n / median (nothing when no
/// sample survived).
void summarize_samples(case_result& r);

} // namespace grp::run
