#include "grp/run/group_pipeline.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/model/host/host_baseline.hpp"
#include "grp/model/measure/case_metrics.hpp"
#include "grp/model/plan/round_order.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/launch/cache_flush.hpp"
#include "grp/run/launch/case_checks.hpp"
#include "grp/run/launch/input_store.hpp"
#include "grp/run/round_hooks.hpp"
#include "grp/run/round_plan.hpp"
#include "grp/run/rounds.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace grp::run {

namespace {

constexpr std::uint64_t build_order_salt = 0x6275696c64ULL; // "build": not the rounds' stream

profile_device& device_of(const device_context& d) {
    return d.prof.devices.at(static_cast<std::size_t>(d.device_index));
}

// Copies the group's cases into the profile (from `first` on), with derived metrics.
void publish(device_context& d, std::size_t first, std::vector<prepared_case>& cases) {
    d.prof.cases.resize(std::max(d.prof.cases.size(), first + cases.size()));
    for (std::size_t i = 0; i < cases.size(); ++i) {
        auto r = cases[i].result;
        derive_metrics(r, device_of(d));
        d.prof.cases[first + i] = std::move(r);
    }
}

// When the group is cut short by an error: only finished work stays (a case built but never
// timed is left out rather than shown as a result).
void publish_finished(device_context& d, std::size_t first, std::vector<prepared_case>& cases) {
    publish(d, first, cases);
    auto& all = d.prof.cases;
    all.erase(std::remove_if(all.begin() + static_cast<std::ptrdiff_t>(first), all.end(),
                             [](const case_result& r) {
                                 return r.status == case_status::ok && r.rounds.empty() && !r.check;
                             }),
              all.end());
}

/// A case that could not be prepared: failed, with the error and, for a build, its log.
prepared_case failed_case(const device_context& d, const measure_point& pt, const error& e) {
    prepared_case c;
    c.spec = pt.spec;
    c.point = pt.point;
    c.result.key = key_of(*pt.spec, pt.point);
    c.result.device = d.device_index;
    c.result.status = case_status::failed;
    const auto* kb = dynamic_cast<const kernel_build_error*>(&e);
    c.result.reason = std::string(e.what()) + (kb ? "\n" + kb->log() : "");
    c.result.build_options = kb ? kb->options() : "";
    if (kb != nullptr && kb->raw_log() != kb->log()) {
        // The reason names the user's file; the driver's own words are kept for a bug report.
        c.result.extra["build_log_raw"] = valid_utf8(kb->raw_log());
    }
    return c;
}

// Builds every case, in a seeded order of its own in each process (verify_all launches them
// first in it too): what a kernel's place decides then varies between processes instead of
// favouring one kernel in all. The cases keep the sweep's order. A build or spec error stops
// the run (the failed case is kept) unless --keep-going records it and goes on.
std::vector<prepared_case> prepare_all(device_context& d, const std::vector<measure_point>& pts,
                                       const data_choice& data, std::size_t first) {
    auto t = d.phases.time("build");
    setup_options o{d.opt.cl_options, d.opt.wg_limit, d.device_index,
                    data.describe(d.opt.sweep.seed), d.opt.measure.order_seed};
    std::vector<std::pair<std::size_t, prepared_case>> built;
    const auto sorted = [&built] {
        std::stable_sort(built.begin(), built.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        std::vector<prepared_case> out;
        out.reserve(built.size());
        for (auto& [i, c] : built) {
            out.push_back(std::move(c));
        }
        return out;
    };
    const auto order = round_order(pts.size(), d.opt.measure.order_seed ^ build_order_salt,
                                   d.opt.measure.first_round);
    for (std::size_t k = 0; k < order.size() && !interrupted(); ++k) {
        const auto i = order[k];
        if (d.progress.phase) {
            d.progress.phase("building", k, pts.size());
        }
        try {
            built.emplace_back(i, prepare_case(d.session, *pts[i].spec, pts[i].point, o));
        } catch (const error& e) {
            if (interrupted() && dynamic_cast<const kernel_build_error*>(&e) != nullptr) {
                break; // a signal during a build: the interruption, not a bad kernel
            }
            built.emplace_back(i, failed_case(d, pts[i], e));
            if (!d.opt.keep_going) {
                auto cases = sorted();
                publish_finished(d, first, cases);
                throw;
            }
        }
    }
    return sorted();
}

// First launches in prepare_all's order: drivers may load code then (docs/statistics.md, H100).
void verify_all(device_context& d, input_store& inputs, std::vector<prepared_case>& cases) {
    auto t = d.phases.time("verification");
    std::map<input_key, std::vector<prepared_case*>> by_input;
    const auto order = round_order(cases.size(), d.opt.measure.order_seed ^ build_order_salt,
                                   d.opt.measure.first_round);
    for (std::size_t k = 0; k < order.size() && !interrupted(); ++k) {
        const auto i = order[k];
        if (d.progress.phase) {
            d.progress.phase("verifying", k, cases.size());
        }
        if (cases[i].active() && d.opt.check != nullptr) {
            d.opt.check->around_first_launch(d.session.info(), *cases[i].spec, cases[i].result,
                                             [&] { first_launch(d.session, inputs, cases[i]); });
        } else if (cases[i].active()) {
            first_launch(d.session, inputs, cases[i]);
        }
        if (cases[i].active()) {
            by_input[cases[i].input].push_back(&cases[i]);
        }
    }
    for (auto& [k, list] : by_input) {
        if (interrupted() || d.opt.once) {
            break; // --once: the first launch was the one
        }
        if (d.opt.exact_check) {
            verify_exact(inputs, k, list);
            continue;
        }
        for (auto* c : list) {
            c->result.verification.exact_data =
                "checked exactly by process 1 of this run's --runs (same build, device and data)";
        }
    }
}

void sample_all(device_context& d, input_store& inputs, std::vector<prepared_case>& cases,
                std::size_t first) {
    std::vector<prepared_case*> order;
    order.reserve(cases.size());
    for (auto& c : cases) {
        order.push_back(&c);
    }
    round_context ctx{d.session, inputs, d.opt.measure, d.phases, d.start};
    conditions_meter meter(d.sensors ? d.sensors->handle.source.get() : nullptr,
                           d.sensors && d.sensors->judge_clock);
    ctx.meter = &meter;
    add_round_hooks(ctx, d.opt, d.sensors, d.probe);
    if (d.sensors != nullptr) {
        auto t = d.phases.time("settle");
        settle_before_rounds(*d.sensors, inputs, cases, *device_of(d).sensors);
    }
    const auto flush = flush_for_cold_cases(d.session, cases);
    if (flush) {
        d.prof.devices.at(static_cast<std::size_t>(d.device_index)).cache_flush_bytes =
            flush->bytes();
    }
    ctx.flush = flush.get();
    run_rounds(ctx, order, [&](std::size_t round, std::size_t index, std::size_t total) {
        if (index == total) {
            if (d.probe != nullptr && !interrupted()) {
                d.probe->sample(); // publish derives the cases' metrics from the better peak
            }
            publish(d, first, cases);
            if (d.progress.checkpoint) {
                d.progress.checkpoint(d.prof);
            }
        } else if (d.progress.phase) {
            d.progress.phase(round_label(round, d.opt.measure.rounds), index, total);
        }
    });
}

// The host baseline of a flat input, once per run: timed on the values just generated, before
// they are uploaded, so no launch of this device runs meanwhile.
void time_host_baseline(device_context& d, const input_key& k, const host_data& host,
                        const data_choice& data) {
    if (k.layout != data_layout::flat || interrupted() ||
        find_host_baseline(d.prof.host_baselines, to_string(k.type), to_string(k.layout), k.n)) {
        return;
    }
    auto t = d.phases.time("host_baseline");
    host_baseline_options o;
    o.repeats = d.opt.host_repeats;
    d.prof.host_baselines.push_back(time_host_sum(host, data.describe(d.opt.sweep.seed), o));
}

} // namespace

// Build, upload, verify and sample one group of points; its cases land in p.cases. A sweep's
// group (`host_baseline`) also times the host's sum of each of its flat inputs.
void measure_group(device_context& d, const std::vector<measure_point>& pts,
                   const data_choice& data, bool host_baseline) {
    const std::size_t first = d.prof.cases.size();
    input_store inputs(d.session, d.opt.sweep.seed, data, d.phases);
    std::optional<input_key> ahead; // the input upload_inputs takes first: made while building
    for (const auto& pt : pts) {
        if ((!ahead || input_of(pt.point) < *ahead) &&
            point_builds(d.session, *pt.spec, pt.point)) {
            ahead = input_of(pt.point);
        }
    }
    if (ahead) {
        inputs.prefetch(*ahead);
    }
    auto cases = prepare_all(d, pts, data, first);
    publish(d, first, cases);
    inputs.set_ops(d.opt.sweep.ops);
    inputs.copy_through_host(d.opt.check != nullptr);
    if (host_baseline && d.opt.host_repeats > 0) {
        inputs.on_host_data([&d, &data](const input_key& k, const host_data& host) {
            time_host_baseline(d, k, host, data);
        });
    }
    try {
        upload_inputs(inputs, cases);
        verify_all(d, inputs, cases);
        publish(d, first, cases);
        if (!d.opt.time_nothing && !d.opt.once) { // check and --once time nothing
            sample_all(d, inputs, cases, first);
        }
    } catch (...) {
        publish_finished(d, first, cases);
        throw;
    }
    // A signal during the builds or the first launches: a case built but never timed (or
    // never run on the simulator) is no result, never `ok` with 0 launches checked.
    (interrupted() ? publish_finished : publish)(d, first, cases);
    if (d.progress.case_finished) {
        for (std::size_t i = first; i < d.prof.cases.size(); ++i) { // fewer when cut short
            d.progress.case_finished(i, d.prof.cases.size(), d.prof.cases[i]);
        }
    }
}

void measure_points(ocl::session& s, int device_index, const run_options& opt,
                    const std::vector<measure_point>& points, const data_choice& data, profile& p,
                    const progress_sink& progress) {
    auto& phases_of = p.devices.at(static_cast<std::size_t>(device_index)).phases;
    phase_clock phases(phases_of);
    device_context d{
        s, device_index, opt, p, progress, phases, std::chrono::steady_clock::now(), nullptr};
    measure_group(d, points, data, false);
}

} // namespace grp::run
