#include "grp/run/runner.hpp"

#include "grp/core/machine/conditions_probe.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/run/device_record.hpp"
#include "grp/run/group_pipeline.hpp"
#include "grp/run/halving.hpp"
#include "grp/run/hang_watch.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/launch/launch_floor.hpp"
#include "grp/run/launch/layout_check.hpp"
#include "grp/run/launch/peak.hpp"
#include "grp/run/launch/size_cache.hpp"
#include "grp/run/phase_clock.hpp"
#include "grp/run/point_groups.hpp"
#include "grp/run/resume.hpp"
#include "grp/run/run_record.hpp"
#include "grp/run/scenario/scenarios.hpp"
#include "grp/run/sensing.hpp"
#include "grp/run/shard_plan.hpp"

#include <algorithm>
#include <optional>

namespace grp::run {

namespace {

void measure_groups(device_context& d, const std::vector<sweep_point>& points,
                    const device_info& info) {
    for (const auto& group : groups_of(d.opt, points, info)) {
        if (interrupted()) {
            break;
        }
        if (d.progress.checkpoint) { // finished cases only: what a hang in this group keeps
            d.progress.checkpoint(d.prof);
        }
        if (d.opt.search.what == search_options::kind::halving) {
            measure_halving(d.session, d.device_index, d.opt, group, d.prof, d.progress);
        } else {
            measure_group(d, group, d.opt.data, true);
        }
    }
}

/// The device's context and queue (and its timer probe), planned as check --estimate-for's GPU
/// when one is given.
std::unique_ptr<ocl::session> open_session(const run_options& opt, const ocl::device_handle& h,
                                           phase_clock& phases) {
    auto t = phases.time("context");
    auto s = std::make_unique<ocl::session>(h, !opt.time_nothing); // the timer probe
    if (opt.plan_compute_units) {
        s->plan_as(*opt.plan_compute_units, "gpu");
    }
    return s;
}

void run_device(const run_options& opt, const ocl::device_handle& h, int device_index, profile& p,
                const progress_sink& progress) {
    profile_device pd;
    pd.info = h.info;
    auto sensors = open_device_sensors(h.info, opt.sensors, opt.settle, opt.cooldown);
    pd.sensors = sensor_record_of(sensors.handle.description);
    p.devices.push_back(pd);
    phase_clock phases(p.devices.back().phases);
    const auto start = std::chrono::steady_clock::now();
    const auto session = open_session(opt, h, phases);
    // Listed without the probe kernel (run_sweep): the session measured the multiple.
    p.devices.back().info.preferred_work_group_multiple =
        session->info().preferred_work_group_multiple;
    record_timer(p.devices.back(), session->timer(), session->loop_limit(), progress);
    const auto info = sized_device(*session, opt, session->plan_info(), progress); // a CPU's n
    auto points = points_to_measure(
        opt,
        shard_points(opt, plan_capped_sweep(opt.kernels, opt.sweep, info, opt.max_cases),
                     device_index),
        info);
    watch_launches(opt, points, info, device_index);
    if (progress.device_started) {
        progress.device_started(h.info, points.size());
    }
    device_peak(opt, *session, device_index, points, info, phases, progress, p.devices.back());
    device_launch_floor(opt, *session, phases, p.devices.back());
    if (std::any_of(points.begin(), points.end(),
                    [](const sweep_point& pt) { return pt.layout != data_layout::flat; })) {
        p.scenarios["layouts"]["record_sizes"][std::to_string(device_index)] =
            check_layout_sizes(*session);
    }
    std::optional<peak_probe> probe;
    if (p.devices.back().peak) {
        probe.emplace(*session, opt.measure, *p.devices.back().peak);
    }
    device_context d{*session, device_index, opt,   p,
                     progress, phases,       start, probe ? &*probe : nullptr,
                     &sensors};
    measure_groups(d, points, info);
    recheck_roofs(*session, opt.measure, p, device_index);
    mark_rounds(sensors, p, device_index);
    cross_check_timer(p, device_index, progress);
    auto t = phases.time("scenarios");
    for (const auto& name : opt.scenarios) {
        if (!interrupted()) {
            run_scenario(name, *session, device_index, opt, p, progress);
        }
    }
}

} // namespace

void run_sweep(const run_options& opt, const progress_sink& progress, profile& p) {
    p.settings = settings_json(opt);
    record_kernels(p, opt.kernels);
    // No probe kernel here: each device's session builds it in its own context (one context per
    // device instead of two; the H200's default run spent 0.15 s on the second).
    auto devices = ocl::select(opt.devices, /*probe=*/false);
    const auto where = conditions_settings_from_env();
    for (std::size_t d = 0; d < devices.size() && !interrupted(); ++d) {
        // Read before the device runs: what it was set to while measured; steal spans its run.
        auto conditions = probe_conditions(devices[d].info, where);
        const auto ticks = read_steal_ticks(where.root);
        try {
            run_device(opt, devices[d], static_cast<int>(d), p, progress);
        } catch (const error& e) { // of several devices, the next one still runs
            if (devices.size() == 1 || !is_device_failure(e)) {
                throw;
            }
            record_failure(p, devices[d].info, static_cast<int>(d), e, progress);
        }
        finish_conditions(conditions, ticks, where);
        p.devices.at(d).conditions = std::move(conditions);
    }
    p.complete = !interrupted();
    if (interrupted()) {
        p.incomplete_reason = std::string("interrupted by ") + signal_name(interrupt_signal());
    }
    finish_host_record(p);
}

} // namespace grp::run
