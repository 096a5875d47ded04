// One group of a device's points measured whole, the pipeline every sweep, `--search halving`
// step and scenario goes through: build every case (in a seeded order of its own), upload the
// inputs, verify every case (first launch, input untouched, exact check), then sample all of
// them in interleaved rounds; the cases land in the profile after each step, so whatever cuts
// the group short leaves its finished work there. The run's device loop is runner.hpp's.
#pragma once

#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/spec/kernel_spec.hpp"
#include "grp/run/launch/case_setup.hpp"
#include "grp/run/launch/peak.hpp"
#include "grp/run/phase_clock.hpp"
#include "grp/run/run_options.hpp"
#include "grp/run/sensing.hpp"

#include <chrono>
#include <vector>

namespace grp::run {

/// One point to measure: a kernel and where in the sweep.
struct measure_point {
    const kernel_spec* spec = nullptr;
    sweep_point point;
};

/// What one device's measurement needs besides the points.
struct device_context {
    ocl::session& session;
    int device_index;
    const run_options& opt;
    profile& prof;
    const progress_sink& progress;
    phase_clock& phases;
    std::chrono::steady_clock::time_point start;
    peak_probe* probe = nullptr;       ///< times the peak's best read shape after every round
    device_sensors* sensors = nullptr; ///< read around every round; null: none
};

/// Builds, uploads, verifies and samples one group of points; its cases land in d.prof.cases.
/// A sweep's group (`host_baseline`) also times the host's sum of each of its flat inputs.
/// Throws as run_sweep does (runner.hpp); d.prof then holds the group's finished cases.
void measure_group(device_context& d, const std::vector<measure_point>& pts,
                   const data_choice& data, bool host_baseline);

/// Measures `points` on one device (the scenarios' and halving's entry): build, verify, rounds;
/// appends their cases to p.cases. `data` chooses the input values.
void measure_points(ocl::session& s, int device_index, const run_options& opt,
                    const std::vector<measure_point>& points, const data_choice& data, profile& p,
                    const progress_sink& progress);

} // namespace grp::run
